// TEMPORARY (records helper): screenshots of the records screens; deleted after use.
import { randomBytes } from 'node:crypto';
import { P } from '@shuyuan/contracts/common/paths';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPost, signIn, tokenOf, view } from './support/app.ts';
import { launch, shot } from './support/browser.ts';
import { ADMIN_PASSWORD, buildWebOnce, type RunningServer, startServer } from './support/server.ts';

const PG = 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `shuyuan_e2e_look_${randomBytes(4).toString('hex')}`;
const dbUrl = () => { const u = new URL(PG); u.pathname = `/${dbName}`; return u.toString(); };
async function sql(url: string, text: string) { const c = new pg.Client({ connectionString: url }); await c.connect(); try { await c.query(text); } finally { await c.end(); } }
let server: RunningServer;
beforeAll(async () => { buildWebOnce(); await sql(PG, `create database ${dbName}`); server = await startServer({ DATABASE_URL: dbUrl() }); });
afterAll(async () => { await server?.stop(); await sql(PG, `drop database if exists ${dbName} with (force)`).catch(() => undefined); });

it('looks', async () => {
  const ctx = await launch('en-US');
  const p = await ctx.newPage();
  await signIn(p, server.url, 'en', 'admin', ADMIN_PASSWORD);
  const token = await tokenOf(p);
  const call = async (url: string, body: unknown) => { const r = await apiPost(server.url, url, body, token, 'en'); expect(r.json?.code, `${url} ${JSON.stringify(r.json)}`).toBe(0); return r.json.data; };
  const grade = await call(`${P}/Org/AddGrade`, { name: 'Grade 6 (look)', sort: 99 });
  const cls = await call(`${P}/Org/AddClass`, { name: '6-1', gradeId: grade.id });
  const kids = [];
  for (let i = 0; i < 3; i++) kids.push(await call(`${P}/Readers/AddReader`, { account: `LK00${i}`, name: `Kid ${i}`, identity: 'student', classId: cls.id }));
  const rec = await call(`${P}/Literature/AddItemsCatalogueInfo`, { title: "Charlotte's Web", author: 'E. B. White' });
  await call(`${P}/Literature/AddItemsCollectionInfo`, { recordId: rec.id, count: 3, barcodes: ['LOOK1', 'LOOK2', 'LOOK3'] });
  for (let i = 0; i < 3; i++) await call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: `LK00${i}`, barcode: `LOOK${i + 1}` });
  await call(`${P}/Circulation/LiteratureReturn`, { barcode: 'LOOK3' });
  await call(`${P}/CirculationRules/ChangeClosedDays`, { from: '2026-11-01', to: '2026-11-30', weekdays: [0, 6], add: ['2026-11-11'] });
  for (const path of ['/br-records', '/borrow-range-mana', '/department/dept-upgrade', '/no-return', '/parents-br-records', '/class-bookuse']) {
    await p.goto(`${server.url}/library/#${path}`);
    await view(p, path).waitFor();
    await p.waitForTimeout(2500);
    if (path === '/department/dept-upgrade') { await view(p, path).getByRole('button', { name: 'Preview' }).click(); await p.waitForTimeout(2500); }
    await shot(p, `look${path.replaceAll('/', '-')}`);
  }
  await p.goto(`${server.url}/library/#/borrow-permission`);
  await view(p, '/borrow-permission').getByRole('tab', { name: 'School calendar' }).click();
  await p.waitForTimeout(1500);
  await shot(p, 'look-calendar');
  await view(p, '/borrow-permission').getByRole('tab', { name: 'Test a rule' }).click();
  await view(p, '/borrow-permission').getByLabel('Reader barcode').fill('LK000');
  await view(p, '/borrow-permission').getByRole('button', { name: 'Test' }).click();
  await p.waitForTimeout(1500);
  await shot(p, 'look-test');
  await ctx.close();
});
