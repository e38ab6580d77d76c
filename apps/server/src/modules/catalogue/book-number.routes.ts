import {
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
  normalizeClassCode,
  peekBookNumber,
  reserveBookNumber,
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

/** The next number of the class: the sequence's, lifted above numbers already in the catalogue. */
async function nextNumber(db: Db, scope: Scope, classNo: string) {
  return Math.max(await peekBookNumber(db, scope, classNo), (await highestBookNumber(db, scope, classNo)) + 1);
}

/** Book numbers for the cataloguing screens: suggestion, same-call-number check, lock and unlock. */
export function bookNumberRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Literature/GetItemListNumCalculate`,
    access: EDITING,
    schema: BookNumberQuery,
    summary: "The book number a record of this class would get under the school's rule (nothing reserved)",
    handler: async ({ db, scope, body }): Promise<BookNumberSuggestion> => {
      const config = await getEditingConfig(db, scope);
      if (config.bookNumberRule === 'author') {
        const bookNo = authorNumber(body.author);
        const same = bookNo ? await sameIndex(db, scope, body.classNo, bookNo) : [];
        return { rule: 'author', bookNo, number: null, sameCount: same.length };
      }
      const n = await nextNumber(db, scope, body.classNo);
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
    summary: 'Takes the next book number of the class and holds it for the caller until saved or unlocked',
    handler: async ({ db, scope, body, user }) =>
      db.transaction(async (tx) => {
        const config = await getEditingConfig(tx, scope);
        const minimum = (await highestBookNumber(tx, scope, body.classNo)) + 1;
        const number = await reserveBookNumber(tx, scope, body.classNo, { minimum });
        await lockBookNumber(tx, scope, { classCode: body.classNo, number, holder: lockHolder(user?.userId) });
        return { number, bookNo: formatBookNumber(number, config.bookNumberLength) };
      }),
  });
  route(app, {
    url: `${P}/Catalogue/UnlockBookNumber`,
    access: `${EDITING}:add`,
    schema: BookNumberUnlockBody,
    audit: 'catalogue.bookNumber.unlock',
    handler: async ({ db, scope, body, user }) => ({
      released: await unlockBookNumber(db, scope, {
        classCode: body.classNo,
        number: body.number,
        holder: lockHolder(user?.userId),
      }),
    }),
  });
}
