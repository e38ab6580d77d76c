import type { CardDto } from '@shuyuan/contracts/losses/loss';
import { and, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { fail, notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/resource/query.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { schoolClass } from '../org/school-class.table.ts';
import { checkRfidFree, mapRfidViolation } from '../readers/card-rfid.ts';

/**
 * Lost reader cards (/loss, 读者证挂失): readers (never staff) with their card state; report a card lost,
 * cancel the report (the card turned up) or re-issue it. The same columns the readers module's card
 * operations use (app_user.card_lost, processed_at, card_rfid); circulation refuses the lost card.
 */
const readers = (scope: Scope, ...conds: (SQL | undefined)[]) =>
  scope.where(appUser, ne(appUser.identity, 'staff'), ...conds);

export async function cardList(
  db: Db,
  scope: Scope,
  q: { Page: number; Rows: number; SearchKey: string; card?: 'lost' | 'ok' },
) {
  const k = q.SearchKey ? likePattern(q.SearchKey) : null;
  const where = readers(
    scope,
    q.card ? eq(appUser.cardLost, q.card === 'lost') : undefined,
    k
      ? or(sql`${appUser.account} ilike ${k}`, sql`${appUser.name} ilike ${k}`, sql`${appUser.cardRfid} ilike ${k}`)
      : undefined,
  );
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(appUser)
    .where(where);
  const rows = await db
    .select({
      id: appUser.id,
      account: appUser.account,
      name: appUser.name,
      identity: appUser.identity,
      className: schoolClass.name,
      cardRfid: appUser.cardRfid,
      cardLost: appUser.cardLost,
      processedAt: appUser.processedAt,
      validUntil: appUser.validUntil,
    })
    .from(appUser)
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .where(where)
    .orderBy(desc(appUser.cardLost), desc(appUser.updatedAt), desc(appUser.id))
    .limit(q.Rows)
    .offset(pageOffset(q));
  return list<CardDto>(
    rows.map((r) => ({ ...r, processedAt: r.processedAt?.toISOString() ?? null, validUntil: r.validUntil ?? null })),
    n,
  );
}

async function mustFind(db: Db, scope: Scope, id: number) {
  const [r] = await db
    .select({ id: appUser.id, cardLost: appUser.cardLost })
    .from(appUser)
    .where(readers(scope, eq(appUser.id, id)))
    .for('update');
  if (!r) throw notFound();
  return r;
}

/**
 * Reports the physical card lost (`lost` true) or cancels the report. The one rule for both card screens
 * (P/Readers/ReportCardLost and P/Loss/ReportCardLost): a repeat report (or a cancel of a card not lost) is
 * refused with CARD_STATE.
 */
export async function setCardLost(db: Db, scope: Scope, id: number, lost: boolean) {
  return db.transaction(async (tx) => {
    const r = await mustFind(tx, scope, id);
    if (r.cardLost === lost) throw fail('CARD_STATE', lost ? 'losses.card.alreadyLost' : 'losses.card.notLost');
    await tx
      .update(appUser)
      .set({ cardLost: lost, cardBlockedBy: null, updatedAt: new Date() })
      .where(and(eq(appUser.id, id)));
    return { id, cardLost: lost };
  });
}

/**
 * Re-issue (both P/Readers/ReissueCard and P/Loss/ReissueCard): a new processing time, optionally a new RFID
 * (unique in the school), the lost flag cleared.
 */
export async function reissueCard(db: Db, scope: Scope, t: (k: string) => string, id: number, cardRfid?: string) {
  try {
    return await db.transaction(async (tx) => {
      await mustFind(tx, scope, id);
      await checkRfidFree(tx, scope, t, id, cardRfid);
      await tx
        .update(appUser)
        .set({
          cardLost: false,
          cardBlockedBy: null,
          processedAt: new Date(),
          updatedAt: new Date(),
          ...(cardRfid ? { cardRfid } : {}),
        })
        .where(eq(appUser.id, id));
      return { id, cardLost: false };
    });
  } catch (err) {
    throw mapRfidViolation(err, t);
  }
}
