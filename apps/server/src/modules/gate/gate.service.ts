import type {
  CardScanBody,
  CardScanResult,
  CheckTagsBody,
  CheckTagsResult,
  GatePassesBody,
  GatePassesResult,
  TagCheck,
} from '@shuyuan/contracts/statistics/gate';
import { GATE_MAX_AGE_DAYS } from '@shuyuan/contracts/statistics/gate';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, invalid } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { schoolClock } from '../circ-records/records.query.ts';
import { loan } from '../circulation/circulation.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { gateEvent } from './gate.table.ts';

/** Who reports: the device client and the words for messages. */
export interface Reporter {
  clientId: string;
  t: (key: string, params?: Record<string, unknown>) => string;
}

const FUTURE_SLACK_MS = 5 * 60_000;

/** The event's time: the device's (within GATE_MAX_AGE_DAYS back and a few minutes ahead) or now. */
function eventTime(at: string | undefined, path: (string | number)[], r: Reporter, now = Date.now()): Date {
  if (!at) return new Date(now);
  const ms = Date.parse(at);
  if (ms > now + FUTURE_SLACK_MS || ms < now - GATE_MAX_AGE_DAYS * 86_400_000)
    throw invalid([{ path: path.join('.'), message: r.t('gate.atOutOfRange', { days: GATE_MAX_AGE_DAYS }) }]);
  return new Date(ms);
}

/** Readers of the school by card: the account (reader barcode) or the card's RFID, enabled accounts only. */
async function readersByCard(db: Db, scope: Scope, cards: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!cards.length) return out;
  const rows = await db
    .select({ id: appUser.id, account: appUser.account, rfid: appUser.cardRfid })
    .from(appUser)
    .where(
      scope.where(appUser, eq(appUser.state, 1), or(inArray(appUser.account, cards), inArray(appUser.cardRfid, cards))),
    );
  for (const r of rows) {
    out.set(r.account, r.id);
    if (r.rfid) out.set(r.rfid, r.id);
  }
  return out;
}

/** P/Gate/PostPasses: the gate's counted passes; a card it read names the reader when it is one of the school's. */
export async function recordPasses(db: Db, scope: Scope, body: GatePassesBody, r: Reporter): Promise<GatePassesResult> {
  const times = body.events.map((e, i) => eventTime(e.at, ['events', i, 'at'], r));
  const cards = [...new Set(body.events.map((e) => e.card).filter(Boolean))];
  const readers = await readersByCard(db, scope, cards);
  let unknownCards = 0;
  const rows = body.events.map((e, i) => {
    const userId = e.card ? (readers.get(e.card) ?? null) : null;
    if (e.card && !userId) unknownCards++;
    return scope.values({
      kind: e.direction,
      at: times[i],
      source: 'gate',
      clientId: r.clientId,
      gate: e.gate,
      card: e.card,
      userId,
    });
  });
  await db.insert(gateEvent).values(rows);
  return { accepted: rows.length, unknownCards };
}

/** P/Gate/CardScan: a reader's card at the entrance screen: recorded and greeted; an unknown card is refused. */
export async function cardScan(db: Db, scope: Scope, body: CardScanBody, r: Reporter): Promise<CardScanResult> {
  const [reader] = await db
    .select({ id: appUser.id, name: appUser.name, className: schoolClass.name, gradeName: grade.name })
    .from(appUser)
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
    .where(
      scope.where(
        appUser,
        eq(appUser.state, 1),
        or(eq(appUser.account, body.card), and(eq(appUser.cardRfid, body.card), sql`${appUser.cardRfid} <> ''`)),
      ),
    )
    .limit(1);
  if (!reader) throw fail('GATE_CARD_UNKNOWN', 'gate.cardUnknown');
  const at = new Date();
  await db.insert(gateEvent).values(
    scope.values({
      kind: body.direction,
      at,
      source: 'card',
      clientId: r.clientId,
      gate: body.gate,
      card: body.card,
      userId: reader.id,
    }),
  );
  const { today, tz } = await schoolClock(db, scope);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(gateEvent)
    .where(
      and(
        eq(gateEvent.userId, reader.id),
        eq(gateEvent.kind, 'in'),
        sql`${gateEvent.at} >= (${today}::date::timestamp at time zone ${tz})`,
      ),
    );
  return {
    direction: body.direction,
    at: at.toISOString(),
    name: reader.name,
    className: [reader.gradeName, reader.className].filter(Boolean).join(' '),
    visitsToday: n,
  };
}

/**
 * P/Gate/CheckTags: the security gate read copies (barcodes, or RFID tag UIDs). A copy of the school with no open
 * loan is an alarm — recorded and answered so the gate sounds; a lent copy passes; a tag that is no copy of the
 * school (another library's, a personal item) is answered without an alarm and not recorded.
 */
export async function checkTags(db: Db, scope: Scope, body: CheckTagsBody, r: Reporter): Promise<CheckTagsResult> {
  const at = eventTime(body.at, ['at'], r);
  const tags = [...new Set(body.tags)];
  const found = await db
    .select({
      id: copy.id,
      barcode: copy.barcode,
      rfid: copy.rfid,
      title: catalogueRecord.title,
      lent: sql<boolean>`exists (select 1 from ${loan} where ${loan.copyId} = ${copy.id} and ${loan.returnedAt} is null)`,
    })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(scope.where(copy, or(inArray(copy.barcode, tags), inArray(copy.rfid, tags))));
  const byTag = new Map<string, (typeof found)[number]>();
  for (const c of found) {
    byTag.set(c.barcode, c);
    if (c.rfid) byTag.set(c.rfid, c);
  }
  const List: TagCheck[] = body.tags.map((tag) => {
    const c = byTag.get(tag);
    return { tag, alarm: !!c && !c.lent, barcode: c?.barcode ?? null, title: c?.title ?? null };
  });
  const alarms = List.filter((x, i) => x.alarm && body.tags.indexOf(x.tag) === i);
  if (alarms.length)
    await db.insert(gateEvent).values(
      alarms.map((x) =>
        scope.values({
          kind: 'alarm',
          at,
          source: 'gate',
          clientId: r.clientId,
          gate: body.gate,
          copyId: byTag.get(x.tag)!.id,
          tag: x.tag,
        }),
      ),
    );
  return { List };
}
