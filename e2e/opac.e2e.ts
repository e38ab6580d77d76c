import { P } from '@shuyuan/contracts/common/paths';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverText, tx } from './support/app.ts';
import { axe } from './support/axe.ts';
import { launch, shot } from './support/browser.ts';
import { addBook, useAdminOnPg } from './support/pg-admin.ts';
import '../apps/server/src/modules/circulation/circulation.messages.ts';

/**
 * The readers' side (issue 11): an anonymous phone user picks the school by its code, searches, narrows by a
 * facet and opens a record (copies with location and due date, never the borrower); signs in as a student from
 * the record page and reserves it; renews a loan (and sees why a second renewal is refused); cancels the
 * reservation; signs out back to the public site. A parent sees their child's loans only. Every page is checked
 * with axe-core (no serious or critical violation) at 375 px and 1920 px.
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const PASSWORD = 'Reader#2026';
const ANN = { account: 'OP2026001', name: '王小安', identity: 'student', password: PASSWORD };
const BOB = { account: 'OP2026002', name: '赵大波', identity: 'student', password: PASSWORD };
const MUM = { account: 'OP2026P01', name: '王妈妈', identity: 'parent', password: PASSWORD };
/** A reader given a password by the school, who must change it at the first sign-in. */
const NEW = { account: 'OP2026003', name: '孙新生', identity: 'student', password: PASSWORD };
const DREAM = '红楼梦（公共检索）';

const s = useAdminOnPg('opac');
let ctx: BrowserContext;
let page: Page;

const opac = (route: string) => `${s.server.url}/library/opac.html#${route}`;

beforeAll(async () => {
  for (const r of [ANN, BOB, MUM, NEW]) await s.call(`${P}/Readers/AddReader`, r);
  // The school typed these passwords, so each reader would change it at the first sign-in (the last test does that
  // for NEW); these three have already chosen theirs.
  await s.sql('update app_user set must_change_password = false where account = any($1)', [
    [ANN.account, BOB.account, MUM.account],
  ]);
  const [ann] = await s.sql('select id from app_user where account = $1', [ANN.account]);
  const [mum] = await s.sql('select id from app_user where account = $1', [MUM.account]);
  await s.call('/micro/basic/open/StudentParents/updateStudentParents', {
    studentId: ann.id,
    parents: [{ parentId: mum.id, relation: 'mother' }],
  });
  const add = (title: string, author: string, barcodes: string[]) => addBook(s, title, author, barcodes);
  await add(DREAM, '曹雪芹', ['OPB-1', 'OPB-2']);
  await add('西游记（公共检索）', '吴承恩', ['OPB-3']);
  await add('水浒传（公共检索）', '施耐庵', ['OPB-4']);
  // Bob has one copy of 红楼梦 (its due date shows on the record, his name never); Ann has 西游记 and 水浒传.
  await s.call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: BOB.account, barcode: 'OPB-1' });
  await s.call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: ANN.account, barcode: 'OPB-3' });
  await s.call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: ANN.account, barcode: 'OPB-4' });
  // /search-mana: a welcome line and hot words on the public home page.
  await s.call(`${P}/Config/SaveSettings`, {
    screen: 'search-mana',
    values: { 'opac.welcome': '欢迎来到书苑图书馆', 'opac.hotWords': '红楼梦、西游记' },
  });
  ctx = await launch('zh-CN');
  page = await ctx.newPage();
  await page.setViewportSize({ width: 375, height: 740 });
});

afterAll(async () => {
  await ctx?.close();
});

describe('public search site and personal area', () => {
  it('finds a book on a phone without signing in, narrows by a facet and shows where the copies are', async () => {
    await page.goto(opac('/search'));
    // No school yet: the reader is asked for its code (remembered on this device).
    await page.getByLabel(zh('opac.school.code')).fill('demo');
    await page.getByRole('button', { name: zh('opac.school.enter') }).click();
    await page.getByRole('search').waitFor();
    await page.getByText('欢迎来到书苑图书馆').waitFor();
    expect(await axe(page)).toEqual([]);

    // A hot word searches with one tap.
    await page
      .getByRole('navigation', { name: zh('opac.home.hotWords') })
      .getByRole('link', { name: '红楼梦' })
      .click();
    await page.getByRole('heading', { name: zh('opac.search.found', { count: 1, q: '红楼梦' }) }).waitFor();
    // 375 px: nothing wider than the phone; the facets open from their button.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: zh('opac.facet.toggle') }).click();
    await page.getByRole('button', { name: new RegExp(zh('opac.facet.availableNow')) }).click();
    await page.waitForURL(/f\.available=1/);
    await page.getByRole('link', { name: DREAM }).waitFor();
    expect(await axe(page)).toEqual([]);
    await shot(page, 'opac-results-375');

    await page.getByRole('link', { name: DREAM }).click();
    await page.getByRole('heading', { name: DREAM, level: 1 }).waitFor();
    const copies = page.locator('.opac-copies li');
    await expect.poll(() => copies.count()).toBe(2);
    await expect.poll(() => copies.filter({ hasText: zh('opac.state.borrowed') }).count()).toBe(1);
    expect(await copies.filter({ hasText: zh('opac.state.borrowed') }).textContent()).toMatch(/\d{4}-\d{2}-\d{2}/);
    // Never the borrower.
    expect(await page.locator('body').textContent()).not.toContain(BOB.name);
    // The MARC view is in the school's MARC format (CNMARC unless the editing settings say MARC21).
    await page.getByRole('button', { name: zh('opac.detail.view.marc'), exact: true }).click();
    const marc = await page.locator('.opac-marc').textContent();
    expect(marc).toContain(`200 1  $a${DREAM}`);
    expect(marc).not.toMatch(/^245 /m);
    await page.getByRole('button', { name: zh('opac.detail.view.fields'), exact: true }).click();
    expect(await axe(page)).toEqual([]);
  });

  it('signs a student in from the record page, reserves, renews (and is told why not twice), cancels, signs out', async () => {
    // 西游记's only copy is on loan to Ann herself, so she reserves 红楼梦 (one copy is on the shelf: held at once).
    await page.getByRole('button', { name: zh('opac.reserve.signIn') }).click();
    await page.waitForURL(/#\/searchauth\?uid=/, { timeout: 30_000 });
    await page.getByPlaceholder(tx('zh', 'auth.login.account')).fill(ANN.account);
    await page.getByPlaceholder(tx('zh', 'auth.login.password')).fill(PASSWORD);
    await page.locator('.auth-card button[type=submit]').click();
    await page.waitForURL(/opac\.html#\/search\/book\/details\?id=/, { timeout: 30_000 });
    await page.getByRole('button', { name: zh('opac.reserve.button') }).click();
    await page.getByRole('status').filter({ hasText: DREAM }).waitFor();

    await page.goto(opac('/search/personal'));
    await page.getByRole('heading', { name: zh('opac.me.title', { name: ANN.name }) }).waitFor();
    const loan = page.locator('.opac-cards li').filter({ hasText: '西游记' });
    await loan.getByRole('button', { name: new RegExp(zh('opac.me.renew')) }).click();
    await page
      .getByRole('status')
      .filter({ hasText: zh('opac.me.renewed', { title: '西游记（公共检索）', date: '' }).slice(0, 8) })
      .waitFor();
    await loan.getByRole('button', { name: new RegExp(zh('opac.me.renew')) }).click();
    const refused = page.getByRole('alert');
    await refused.waitFor();
    // The desk's own reason for the refusal (the rule's renewal limit).
    expect(await refused.textContent()).toContain(serverText('zh', 'circ.renewLimit', { count: 1 }));
    expect(await axe(page)).toEqual([]);

    await page.getByRole('link', { name: zh('opac.me.tab.reservations') }).click();
    const res = page.locator('.opac-cards li').filter({ hasText: DREAM });
    await res.getByText(zh('opac.me.resState.ready')).waitFor();
    await res.getByRole('button', { name: new RegExp(zh('opac.me.cancel')) }).click();
    await page
      .getByRole('status')
      .filter({ hasText: zh('opac.me.cancelled', { title: DREAM }) })
      .waitFor();
    await res.getByText(zh('opac.me.resState.cancelled')).waitFor();
    await shot(page, 'opac-personal-375');

    await page.getByRole('button', { name: zh('opac.me.signOut') }).click();
    await page.waitForURL(/opac\.html#\/search/, { timeout: 30_000 });
    await page.getByRole('search').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('shuyuan.token'))).toBeNull();
  });

  it('shows a parent their child’s loans and nobody else’s, on a 1920 px screen', async () => {
    const c2 = await launch('zh-CN');
    try {
      const p = await c2.newPage();
      await p.setViewportSize({ width: 1920, height: 1080 });
      await p.goto(opac('/search?school=demo'));
      await p.getByRole('search').waitFor();
      await p.getByRole('button', { name: zh('opac.nav.signIn') }).click();
      await p.waitForURL(/#\/searchauth\?uid=/, { timeout: 30_000 });
      await p.getByPlaceholder(tx('zh', 'auth.login.account')).fill(MUM.account);
      await p.getByPlaceholder(tx('zh', 'auth.login.password')).fill(PASSWORD);
      await p.locator('.auth-card button[type=submit]').click();
      await p.waitForURL(/opac\.html#\/search\/personal/, { timeout: 30_000 });
      await p.getByRole('heading', { name: zh('opac.me.childLoans', { name: ANN.name }) }).waitFor();
      await p.locator('.opac-child .opac-cards').getByText('水浒传（公共检索）').waitFor();
      expect(await p.locator('body').textContent()).not.toContain('红楼梦');
      expect(await axe(p)).toEqual([]);
      await shot(p, 'opac-parent-1920');
    } finally {
      await c2.close();
    }
  });

  it('asks a reader given a password by the school to change it first, then shows the personal area', async () => {
    const c4 = await launch('zh-CN');
    try {
      const p = await c4.newPage();
      await p.setViewportSize({ width: 1280, height: 800 });
      await p.goto(opac('/search?school=demo'));
      await p.getByRole('search').waitFor();
      const signInAs = async (password: string) => {
        await p.getByRole('button', { name: zh('opac.nav.signIn') }).click();
        await p.waitForURL(/#\/searchauth\?uid=/, { timeout: 30_000 });
        await p.getByPlaceholder(tx('zh', 'auth.login.account')).fill(NEW.account);
        await p.getByPlaceholder(tx('zh', 'auth.login.password')).fill(password);
        await p.locator('.auth-card button[type=submit]').click();
        await p.waitForURL(/opac\.html#\/search\/personal/, { timeout: 30_000 });
      };
      await signInAs(PASSWORD);
      const screen = p.getByTestId('must-change-password');
      await screen.getByRole('heading', { name: zh('opac.me.mustChange.title') }).waitFor();
      await screen.getByText(zh('opac.me.mustChange.ruleDiffer')).waitFor();
      expect(await p.locator('.opac-tabs').count()).toBe(0);
      expect(await axe(p)).toEqual([]);
      await shot(p, 'opac-must-change');
      const fill = async (next: string) => {
        await screen.getByLabel(zh('opac.me.pw.oldPassword'), { exact: true }).fill(PASSWORD);
        await screen.getByLabel(zh('opac.me.pw.newPassword'), { exact: true }).fill(next);
        await screen.getByLabel(zh('opac.me.pw.confirmPassword'), { exact: true }).fill(next);
        await screen.getByRole('button', { name: zh('opac.me.changePassword') }).click();
      };
      // The same password again is refused, with the reason.
      await fill(PASSWORD);
      await screen
        .getByRole('alert')
        .filter({ hasText: serverText('zh', 'auth.password.sameAsOld') })
        .waitFor();
      // A new one: changed, signed out, back on the public site; the new password opens the personal area.
      await fill('Mine#2026op');
      await screen
        .getByRole('status')
        .filter({ hasText: zh('opac.me.passwordChanged') })
        .waitFor();
      await p.waitForURL(/opac\.html#\/search/, { timeout: 30_000 });
      await p.getByRole('search').waitFor();
      await signInAs('Mine#2026op');
      await p.getByRole('heading', { name: zh('opac.me.title', { name: NEW.name }) }).waitFor();
    } finally {
      await c4.close();
    }
  });

  it('takes a student who signs in at the back office to the personal area', async () => {
    const c3 = await launch('zh-CN');
    try {
      const p = await c3.newPage();
      await p.goto(`${s.server.url}/library/`);
      await p.waitForURL(/#\/auth\?uid=/, { timeout: 30_000 });
      await p.getByPlaceholder(tx('zh', 'auth.login.account')).fill(BOB.account);
      await p.getByPlaceholder(tx('zh', 'auth.login.password')).fill(PASSWORD);
      await p.locator('.auth-card button[type=submit]').click();
      await p.waitForURL(/opac\.html#\/search\/personal/, { timeout: 30_000 });
      await p.getByRole('heading', { name: zh('opac.me.title', { name: BOB.name }) }).waitFor();
      await p.locator('.opac-cards li').filter({ hasText: DREAM }).waitFor();
    } finally {
      await c3.close();
    }
  });
});
