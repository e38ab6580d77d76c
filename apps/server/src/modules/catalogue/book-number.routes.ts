import {
  type BookNumberLock,
  BookNumberLockBody,
  BookNumberQuery,
  type BookNumberSuggestion,
  BookNumberUnlockBody,
  EqualIndexQuery,
} from '@shuyuan/contracts/catalogue/book-number';
import { formatBookNumber } from '@shuyuan/contracts/classification/classification';
import { P } from '@shuyuan/contracts/common/paths';
import { asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { authorNumber } from '../classification/author-number.ts';
import {
  lockBookNumber,
  lockedNumbers,
  normalizeClassCode,
  peekBookNumber,
  skipLocked,
  unlockBookNumber,
} from '../classification/book-number.service.ts';
import { catalogueRecord as r } from './catalogue.table.ts';
import { getEditingConfig } from './editing-config.service.ts';
import { highestBookNumber, lockHolder } from './record-rules.service.ts';

const EDITING = 'book-editing';

/** Records of a class (spaces and case ignored) with a given book number, newest first. */
function sameIndex(db: Db, scope: Scope, classNo: string, bookNo: string, excludeId?: number) {
  return db
    .select({ id: r.id, title: r.title, author: r.author, classNo: r.classNo, bookNo: r.bookNo, isbn: r.isbn })
    .from(r)
    .where(
      scope.where(
        r,
        sql`upper(replace(${r.classNo}, ' ', '')) = ${normalizeClassCode(classNo)}`,
        eq(r.bookNo, bookNo),
        excludeId ? ne(r.id, excludeId) : undefined,
      ),
    )
    .orderBy(asc(r.id))
    .limit(50);
}

/**
 * The next number of the class: the sequence's, lifted above numbers already in the catalogue, stepping
 * over numbers other cataloguers hold (locks).
 */
async function nextNumber(db: Db, scope: Scope, classNo: string, holder: string) {
  const n = Math.max(await peekBookNumber(db, scope, classNo), (await highestBookNumber(db, scope, classNo)) + 1);
  return skipLocked(n, await lockedNumbers(db, scope, classNo, holder));
}

/** Book numbers for the cataloguing screens: suggestion, same-call-number check, lock and unlock. */
export function bookNumberRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Literature/GetItemListNumCalculate`,
    access: EDITING,
    schema: BookNumberQuery,
    summary: "The book number a record of this class would get under the school's rule (nothing reserved)",
    handler: async ({ db, scope, body, user }): Promise<BookNumberSuggestion> => {
      const config = await getEditingConfig(db, scope);
      if (config.bookNumberRule === 'author') {
        const bookNo = authorNumber(body.author);
        const same = bookNo ? await sameIndex(db, scope, body.classNo, bookNo) : [];
        return { rule: 'author', bookNo, number: null, sameCount: same.length };
      }
      const n = await nextNumber(db, scope, body.classNo, lockHolder(user?.userId));
      return { rule: 'sequence', bookNo: formatBookNumber(n, config.bookNumberLength), number: n, sameCount: 0 };
    },
  });
  route(app, {
    url: `${P}/Literature/GetEqualIndexNumItem`,
    access: EDITING,
    schema: EqualIndexQuery,
    summary: 'Records that already use this class number and book number',
    handler: ({ db, scope, body }) => sameIndex(db, scope, body.classNo, body.bookNo, body.excludeId),
  });
  route(app, {
    url: `${P}/Catalogue/LockBookNumber`,
    access: `${EDITING}:add`,
    schema: BookNumberLockBody,
    audit: 'catalogue.bookNumber.lock',
    summary:
      'Holds the book number shown on the form (sequence or author number) for the caller until saved, unlocked or 30 minutes pass',
    handler: async ({ db, scope, body, user }): Promise<BookNumberLock> => {
      const { expiresAt } = await lockBookNumber(db, scope, {
        classCode: body.classNo,
        bookNo: body.bookNo,
        holder: lockHolder(user?.userId),
      });
      const number = /^\d{1,9}$/.test(body.bookNo) ? Number(body.bookNo) : null;
      return { bookNo: body.bookNo, number, expiresAt: expiresAt.toISOString() };
    },
  });
  route(app, {
    url: `${P}/Catalogue/UnlockBookNumber`,
    access: `${EDITING}:add`,
    schema: BookNumberUnlockBody,
    audit: 'catalogue.bookNumber.unlock',
    handler: async ({ db, scope, body, user }) => ({
      released: await unlockBookNumber(db, scope, {
        classCode: body.classNo,
        bookNo: body.bookNo,
        holder: lockHolder(user?.userId),
      }),
    }),
  });
}
