import { P } from '@shuyuan/contracts/common/paths';
import { StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { type Sip2Server, startSip2Server } from '../../sip2/server.ts';
import { createSipAccount } from '../../sip2/sip-account.service.ts';
import { SipTestClient, withChecksum } from '../../sip2/test-client.ts';
import { useTestApp } from '../../test/helper.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { makeCopies, makeReader } from '../circulation/test-fixtures.ts';

/**
 * /zero-borrow-book reads the copy's own "lent once" mark (copy.ever_lent, kept by the loan table's triggers): a loan
 * made by any path takes its copy off the list for good; a loan deleted or moved to another copy (nothing in the
 * product does either) puts a copy left without loans back.
 */
const t = useTestApp();
const S = `${P}/Statistics`;
const C = `${P}/Circulation`;
const PW = 'Kiosk#2026';
const DATE = '20260301    101500';
let sip: Sip2Server;
let kiosk: SipTestClient;
const scope = () => new Scope(t.schoolId);

beforeAll(async () => {
  await createSipAccount(t.db, scope(), { login: 'stats-kiosk', password: PW, lang: 'en' });
  sip = await startSip2Server(t.app, { port: 0, host: '127.0.0.1' });
  kiosk = await SipTestClient.connect(sip.port);
  expect(await kiosk.request(withChecksum(`9300CNstats-kiosk|CO${PW}|`, 0))).toMatch(/^941/);
}, 60_000);
afterAll(async () => {
  kiosk?.end();
  await sip?.close();
});

/** The never-lent list as a librarian reads it: its total and barcodes (one page holds them all here). */
async function neverLent(body: object = {}) {
  const r = await t.post(`${S}/ZeroCopies`, { Page: 1, Rows: 100, ...body });
  expect(r.json.success, JSON.stringify(r.json)).toBe(true);
  return { total: r.json.data.Total as number, barcodes: r.json.data.List.map((c: any) => c.barcode) as string[] };
}

/** Every copy's mark agrees with its loans. */
async function marksAgree() {
  const rows: any = await t.db.execute(
    sql`select count(*)::int as n from ${copy} where ${copy.everLent} <> exists (select 1 from ${loan} where ${loan.copyId} = ${copy.id})`,
  );
  expect((rows.rows ?? rows)[0].n).toBe(0);
}

describe('copies never lent', () => {
  it('a copy lent once by the desk, SIP2, batch lending or a written loan leaves the list; a deleted or moved loan puts it back', async () => {
    const r = await makeReader(t.db, scope());
    const [desk, kioskCopy, batch, written, moved, untouched] = await makeCopies(t.db, scope(), 6);
    const [weeded] = await makeCopies(t.db, scope(), 1);
    await t.db.update(copy).set({ storeType: StoreType.WEEDED }).where(eq(copy.barcode, weeded));
    const before = await neverLent();
    expect(before.barcodes).toEqual(expect.arrayContaining([desk, kioskCopy, batch, written, moved, untouched]));
    expect(before.barcodes).not.toContain(weeded);

    // The desk: lent, then taken back — still lent once.
    expect((await t.post(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: desk })).json.success).toBe(true);
    expect((await t.post(`${C}/DeskReturn`, { barcode: desk })).json.success).toBe(true);
    // A self-check machine (SIP2 checkout).
    const out = await kiosk.request(`11NN${DATE}${DATE}AO|AA${r.account}|AB${kioskCopy}|AC|`);
    expect(out).toMatch(/^121/);
    // Batch lending.
    const many = await t.post(`${C}/batchcirc`, { readerBarcode: r.account, barcodes: [batch] });
    expect(many.json.data).toMatchObject({ succeeded: 1 });
    // A loan written by SQL (an import, the bench's history): the trigger marks it all the same.
    const [w] = await t.db.select({ id: copy.id, recordId: copy.recordId }).from(copy).where(eq(copy.barcode, written));
    const [m] = await t.db.select({ id: copy.id, recordId: copy.recordId }).from(copy).where(eq(copy.barcode, moved));
    const [l] = await t.db
      .insert(loan)
      .values(
        scope().values({
          copyId: w.id,
          recordId: w.recordId,
          userId: r.id,
          borrowedAt: new Date('2026-02-01T09:00:00Z'),
          dueDate: '2026-02-15',
          returnedAt: new Date('2026-02-10T09:00:00Z'),
        }),
      )
      .returning({ id: loan.id });

    const after = await neverLent();
    expect(after.total).toBe(before.total - 4);
    for (const b of [desk, kioskCopy, batch, written]) expect(after.barcodes).not.toContain(b);
    expect(after.barcodes).toEqual(expect.arrayContaining([moved, untouched]));
    await marksAgree();

    // The written loan moved to another copy: that one is lent, the first has no loan left.
    await t.db.update(loan).set({ copyId: m.id }).where(eq(loan.id, l.id));
    const movedOver = await neverLent();
    expect(movedOver.barcodes).toContain(written);
    expect(movedOver.barcodes).not.toContain(moved);
    await marksAgree();
    // Deleted: never lent again. The copies lent at the desk keep their mark while another loan of theirs is deleted.
    await t.db.delete(loan).where(eq(loan.id, l.id));
    const deleted = await neverLent();
    expect(deleted.total).toBe(before.total - 3);
    expect(deleted.barcodes).toEqual(expect.arrayContaining([written, moved, untouched]));
    await marksAgree();

    // Not lent since a day still reads the loans: the desk's copy was lent today, the others never.
    const since = await neverLent({ since: '2000-01-01' });
    expect(since.total).toBe(deleted.total);
    expect(since.barcodes).not.toContain(desk);
    expect(since.barcodes).toEqual(expect.arrayContaining([written, moved, untouched]));
  });
});
