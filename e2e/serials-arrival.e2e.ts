import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { buildCoverBarcode } from '../apps/server/src/modules/serials/cover-barcode.ts';
import { button, toast, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * The periodicals desk (issue 15): a monthly title ordered with 3 copies for two places and its year predicted
 * (through the API); the librarian scans the cover of issue 3 (977 barcode with the add-on 03) at /magazine, checks
 * it in with the ordered copies, distributes them at /magazine-rowto, then sees issue 2 as late and claims it.
 */
const ISSN = '1009-5853';
const TITLE = '少年科学画报（记到）';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const s = useAdminOnPg('serials_arrival');

// A year whose January–March issues are all past: this year from April on, else last year.
const now = new Date();
const YEAR = now.getMonth() >= 3 ? now.getFullYear() : now.getFullYear() - 1;
const label = (issue: number) => zh('serialsArrival.label.issue', { year: YEAR, issue });

describe('periodical arrival', () => {
  it('checks in issue 3 from its cover, distributes it and claims the late issue 2', async () => {
    const title = await s.call(`${P}/Serials/AddTitle`, {
      kind: 'magazine',
      title: TITLE,
      issn: ISSN,
      postalCode: '2-888',
      language: 'chi',
      frequency: 'monthly',
      pricePerIssueFen: 800,
    });
    const locations: { id: number; name: string }[] = await s.call(`${P}/Serials/OrderPlaceOptions`, {});
    const [a, b] = locations;
    const order = await s.call(`${P}/Serials/AddOrder`, {
      titleId: title.id,
      year: YEAR,
      copies: 3,
      supplier: '邮局',
      places: [
        { locationId: a.id, copies: 2 },
        { locationId: b.id, copies: 1 },
      ],
      pattern: { frequency: 'monthly', firstDate: `${YEAR}-01-10`, firstIssue: 1 },
    });
    await s.call(`${P}/Serials/PredictYear`, { id: order.id });

    // The cover: 977 + ISSN digits + year code + check digit, then the add-on 03 appended by the scanner.
    const PATH = '/magazine';
    await s.page.goto(`${s.server.url}/library/#${PATH}`);
    const screen = view(s.page, PATH);
    const scan = screen.locator('input.sy-scan');
    await scan.fill(buildCoverBarcode(ISSN, String(YEAR % 100).padStart(2, '0'), '03'));
    await scan.press('Enter');
    const found = screen.locator('.sy-scan-found');
    await found.locator('.sy-scan-issue', { hasText: label(3) }).waitFor();
    expect(await found.locator('.sy-scan-copies input').inputValue()).toBe('3');
    await shot(s.page, 'serials-checkin-found');
    await found.locator('.sy-scan-checkin').click();
    await screen.locator('.sy-checkin-session').getByText(label(3)).waitFor();
    const copies = await s.sql(
      `select c.barcode, c.location_id from serial_issue_copy sic join copy c on c.id = sic.copy_id
        join serial_issue i on i.id = sic.issue_id where i.title_id = $1 and i.issue_no = 3`,
      [title.id],
    );
    expect(copies).toHaveLength(3);

    // A second scan of the same cover says it arrived already.
    await scan.fill(buildCoverBarcode(ISSN, String(YEAR % 100).padStart(2, '0'), '03'));
    await scan.press('Enter');
    await screen
      .locator('.sy-scan-error')
      .getByText(/已于.*记到/)
      .waitFor();

    // Distribute: 2 to the first place, 1 to the second, as ordered.
    const ROWTO = '/magazine-rowto';
    await s.page.goto(`${s.server.url}/library/#${ROWTO}`);
    const rowto = view(s.page, ROWTO);
    const line = rowto.locator('.ant-table-row').filter({ hasText: label(3) });
    await line.locator('.sy-transfer-open').click();
    const modal = s.page.locator('.ant-modal-wrap:visible .ant-modal');
    expect(await modal.locator('.sy-transfer-copies-0 input').inputValue()).toBe('2');
    // More than ordered for the first place is refused under its field.
    await modal.locator('.sy-transfer-copies-0 input').fill('3');
    await modal.locator('.sy-transfer-ok').click();
    await modal.getByText(/移送数量不能超过订购数量/).waitFor();
    await shot(s.page, 'serials-transfer-refused');
    await modal.locator('.sy-transfer-copies-0 input').fill('2');
    await modal.locator('.sy-transfer-ok').click();
    await toast(s.page, zh('serialsArrival.transfer.done', { count: 3 })).waitFor();
    const placed = await s.sql(
      `select c.location_id, count(*)::int as n from serial_issue_copy sic join copy c on c.id = sic.copy_id
        join serial_issue i on i.id = sic.issue_id where i.title_id = $1 group by c.location_id order by n desc`,
      [title.id],
    );
    expect(placed).toEqual([
      { location_id: a.id, n: 2 },
      { location_id: b.id, n: 1 },
    ]);

    // Issue 2 is late: claim it from the late list.
    await s.page.goto(`${s.server.url}/library/#${PATH}`);
    await screen.getByRole('tab', { name: zh('serialsArrival.tabs.late') }).click();
    const late = screen.locator('.sy-late-list .ant-table-row').filter({ hasText: label(2) });
    await late.locator('.sy-issue-state-late').waitFor();
    await late.locator('.ant-checkbox-input').check();
    await button(screen, zh('serialsArrival.late.claim')).click();
    await toast(s.page, zh('serialsArrival.late.claimed', { count: 1 })).waitFor();
    await late.locator('.sy-issue-state-claimed').waitFor();
    await shot(s.page, 'serials-late-claimed');
    const [claimed] = await s.sql(
      'select state, claim_count from serial_issue where title_id = $1 and issue_no = 2 and year = $2',
      [title.id, YEAR],
    );
    expect(claimed).toEqual({ state: 'claimed', claim_count: 1 });
  });
});
