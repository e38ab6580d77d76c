import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import { IssueCardBody, type ReaderDto, RefundDepositBody } from '@shuyuan/contracts/readers/reader';
import { yuanToFen } from '@shuyuan/contracts/catalogue/record';
import type { Db } from '../../db/client.ts';
import { fail, invalid, notFound } from '../../platform/errors.ts';
import type { ResourceService } from '../../platform/resource/types.ts';
import { route } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { schoolToday } from '../circulation/rules.service.ts';
import { recordLedger } from '../losses/ledger.service.ts';
import { checkRfidFree, mapRfidViolation } from './card-rfid.ts';
import { anyOpenLoans } from './reader.values.ts';
import { CARDS } from './readers.codes.ts';

/** Locks the reader row (deposit arithmetic) and returns it; staff rows and other schools are "not found". */
async function lockReader(db: Db, scope: Scope, id: number) {
  const [r] = await db
    .select()
    .from(appUser)
    .where(scope.where(appUser, eq(appUser.id, id), ne(appUser.identity, 'staff')))
    .for('update')
    .limit(1);
  if (!r) throw notFound();
  return r;
}

/**
 * The card desk (/resource-mana/resource/user-transfer): find a reader by card (barcode or RFID) or name,
 * issue or renew the card (valid-until, RFID, deposit collected), pay a deposit back. Deposit movements go to the
 * ledger (losses/ledger.service) in the same transaction.
 */
export function cardRoutes(app: FastifyInstance, svc: ResourceService<typeof appUser, ReaderDto>): void {
  route(app, {
    url: `${P}/Readers/FindCardReaders`,
    access: CARDS,
    schema: z.object({ key: z.string().trim().min(1).max(64) }),
    handler: async (ctx) => {
      const { key } = ctx.body;
      // A scanned RFID first (exact), then the reader list's own search (barcode, name, phone).
      const [byRfid] = await ctx.db
        .select({ id: appUser.id })
        .from(appUser)
        .where(svc.where(ctx, eq(appUser.cardRfid, key)))
        .limit(1);
      if (byRfid) return { List: [await svc.get(ctx, byRfid.id)], Total: 1 };
      const exact = await ctx.db
        .select({ id: appUser.id })
        .from(appUser)
        .where(svc.where(ctx, sql`lower(${appUser.account}) = lower(${key})`))
        .limit(1);
      if (exact.length) return { List: [await svc.get(ctx, exact[0].id)], Total: 1 };
      return svc.list(ctx, { Page: 1, Rows: 20, SearchKey: key });
    },
  });

  route(app, {
    url: `${P}/Readers/IssueCard`,
    access: opCode(CARDS, 'issue'),
    schema: IssueCardBody,
    audit: 'reader.issueCard',
    summary: 'Issue or renew a card: valid-until date, optional RFID, deposit collected (ledger)',
    handler: async (ctx) => {
      const { body, scope, t, user } = ctx;
      // A card issued already expired would be refused at the desk the same day.
      if (body.validUntil < (await schoolToday(ctx.db, scope)))
        throw invalid([{ path: 'validUntil', message: t('readers.card.validUntilPast') }]);
      await ctx.db
        .transaction(async (tx) => {
          const r = await lockReader(tx, scope, body.id);
          await checkRfidFree(tx, scope, t, r.id, body.cardRfid);
          const depositFen = yuanToFen(body.deposit);
          await tx
            .update(appUser)
            .set({
              processedAt: new Date(),
              validUntil: body.validUntil,
              cardLost: false,
              state: 1,
              ...(body.cardRfid ? { cardRfid: body.cardRfid } : {}),
              deposit: r.deposit + depositFen,
              updatedAt: new Date(),
            })
            .where(and(eq(appUser.id, r.id)));
          if (depositFen > 0)
            await recordLedger(tx, scope, {
              kind: 'deposit',
              amountFen: depositFen,
              readerId: r.id,
              ref: r.account,
              operatorId: user?.userId ?? null,
              note: 'card issue',
            });
        })
        .catch((err) => {
          throw mapRfidViolation(err, t);
        });
      return svc.get(ctx, body.id);
    },
  });

  route(app, {
    url: `${P}/Readers/RefundDeposit`,
    access: opCode(CARDS, 'edit'),
    schema: RefundDepositBody,
    audit: 'reader.refundDeposit',
    summary: 'Pay (part of) the deposit back; refused while books are on loan',
    handler: async (ctx) => {
      const { body, scope, user } = ctx;
      await ctx.db.transaction(async (tx) => {
        const r = await lockReader(tx, scope, body.id);
        const fen = yuanToFen(body.amount);
        if (fen > r.deposit) throw fail('DEPOSIT_TOO_LOW', 'readers.card.refundTooMuch', { deposit: r.deposit / 100 });
        if (await anyOpenLoans(tx, scope.schoolId, [r.id])) throw fail('HAS_LOANS', 'readers.card.refundHasLoans');
        await tx
          .update(appUser)
          .set({ deposit: r.deposit - fen, updatedAt: new Date() })
          .where(eq(appUser.id, r.id));
        await recordLedger(tx, scope, {
          kind: 'deposit',
          amountFen: -fen,
          readerId: r.id,
          ref: r.account,
          operatorId: user?.userId ?? null,
          note: 'deposit refund',
        });
      });
      return svc.get(ctx, body.id);
    },
  });
}
