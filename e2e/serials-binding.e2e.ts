import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { toast, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * Binding (issue 15): a monthly title with January–June checked in (through the API); the librarian binds issues
 * 1–6 into a volume at /magazine-bound with a typed barcode, sees it in the volumes list, then lends the volume at
 * the desk, while a bound issue is refused there.
 */
const TITLE = '儿童文学（装订）';
const VOLUME = 'HD2026-0001';
const READER = { account: 'BD2026001', name: '程小岚' };
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const YEAR = new Date().getFullYear();

const s = useAdminOnPg('serials_binding');

describe('periodical binding', () => {
  it('binds January–June into a volume that lends at the desk', async () => {
    const title = await s.call(`${P}/Serials/AddTitle`, {
      kind: 'magazine',
      title: TITLE,
      issn: '1002-6622',
      postalCode: '2-777',
      language: 'chi',
      frequency: 'monthly',
      pricePerIssueFen: 1000,
      classNo: 'I287',
    });
    const order = await s.call(`${P}/Serials/AddOrder`, {
      titleId: title.id,
      year: YEAR,
      copies: 1,
      supplier: '邮局',
      places: [],
      pattern: { frequency: 'monthly', firstDate: `${YEAR}-01-10`, firstIssue: 1 },
    });
    await s.call(`${P}/Serials/PredictYear`, { id: order.id });
    const issues = await s.call(`${P}/Serials/Magazine/GetIssues`, { titleId: title.id, year: YEAR, state: 'all' });
    const loose: string[] = [];
    for (const i of issues.List.filter((r: any) => r.issueNo <= 6)) {
      const r = await s.call(`${P}/Serials/Magazine/CheckIn`, { issueId: i.id, copies: 1 });
      loose.push(r.barcodes[0]);
    }
    await s.call(`${P}/Readers/AddReader`, { ...READER, identity: 'student' });

    const PATH = '/magazine-bound';
    await s.page.goto(`${s.server.url}/library/#${PATH}`);
    const screen = view(s.page, PATH);
    await screen.locator('.sy-bind-title').click();
    await s.page.locator('.ant-select-dropdown:visible').getByText(TITLE).click();
    // The range starts as the arrived issues with a copy to bind: 1–6.
    const issueRows = screen.locator('.sy-bind-issues .ant-table-row');
    await expect.poll(() => issueRows.count()).toBe(12);
    await expect.poll(() => screen.locator('.sy-bind-from input').inputValue()).toBe('1');
    expect(await screen.locator('.sy-bind-to input').inputValue()).toBe('6');
    await screen.locator('.sy-bind-barcode').fill(VOLUME);
    await screen.locator('.sy-bind-submit').click();
    await toast(s.page, zh('serialsBinding.done', { barcode: VOLUME, count: 6 })).waitFor();
    const volume = screen.locator('.sy-volume-list .ant-table-row').filter({ hasText: VOLUME });
    await volume.filter({ hasText: zh('serialsBinding.range', { year: YEAR, from: 1, to: 6, count: 6 }) }).waitFor();
    await volume.getByText('60.00').waitFor();
    await volume.getByText(new RegExp(`^I287.*${YEAR}:1-6$`)).waitFor();
    await issueRows.first().getByText(VOLUME).waitFor();
    await shot(s.page, 'serials-binding');
    // Its spine label: the print screen opens with the volume's barcode.
    await volume.locator('.sy-volume-print').click();
    await s.page.waitForURL(/callnumprint\/common\?barcodes=HD2026-0001/);

    const states = await s.sql('select barcode, circ_state from copy where barcode = any($1) order by barcode', [
      [...loose, VOLUME],
    ]);
    expect(states.filter((c) => c.circ_state === 'bound')).toHaveLength(6);
    expect(states.find((c) => c.barcode === VOLUME)?.circ_state).toBe('available');

    // At the desk: a bound issue is refused, the volume lends.
    const BORROW = '/surrency/borrow';
    await s.page.goto(`${s.server.url}/library/#${BORROW}`);
    const desk = view(s.page, BORROW);
    const box = desk.getByTestId('desk-scan');
    for (const code of [READER.account, loose[0], VOLUME]) {
      await box.fill(code);
      await box.press('Enter');
    }
    const line = (state: string, code: string) =>
      desk.locator(`[data-testid="scan-line"][data-state="${state}"]`).filter({ hasText: code });
    await line('refused', loose[0]).waitFor();
    await line('ok', VOLUME).waitFor();
    await shot(s.page, 'serials-binding-desk');
    const [loan] = await s.sql(
      `select u.account from loan l join copy c on c.id = l.copy_id join app_user u on u.id = l.user_id
        where c.barcode = $1 and l.returned_at is null`,
      [VOLUME],
    );
    expect(loan).toEqual({ account: READER.account });
  });

  it('counts the year at /magazine-statistics: arrivals, the loan and the volume, by title and by class', async () => {
    const PATH = '/magazine-statistics';
    await s.page.goto(`${s.server.url}/library/#${PATH}`);
    const screen = view(s.page, PATH);
    const row = screen.locator('.ant-table-row').filter({ hasText: TITLE });
    // 1 copy, no yearly price (money 0.00), 6 arrived, nothing missing or claimed, 1 loan, 1 volume.
    await expect.poll(() => row.innerText()).toMatch(/2-777\s+1\s+1\s+0\.00\s+\d+\s+6\s+[\d.]+%\s+0\s+0\s+1\s+1$/);
    await screen.getByTestId('stat-by').click();
    await s.page.locator('.ant-select-dropdown:visible').getByText(zh('serialsStats.by.class')).click();
    await screen.getByRole('button', { name: zh('statistics.toolbar.search') }).click();
    await screen.locator('.ant-table-row').filter({ hasText: /^I / }).waitFor();
    await shot(s.page, 'serials-statistics');

    // Back issues: issue 1 is bound into the volume, issue 2's copy on the shelf … every issue says where it is.
    const LIB = '/magazinelibrary';
    await s.page.goto(`${s.server.url}/library/#${LIB}`);
    const lib = view(s.page, LIB);
    await lib.getByRole('tab', { name: zh('serialsStats.back.tab') }).click();
    await lib.locator('.sy-back-issues-form input').first().fill(TITLE);
    await lib.locator('.sy-back-issues-search').click();
    const issue1 = lib
      .locator('.sy-back-issues .ant-table-row')
      .filter({ hasText: zh('serialsArrival.label.issue', { year: YEAR, issue: 1 }) });
    await issue1.getByText(VOLUME).waitFor();
  });
});
