import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import '../apps/server/src/modules/volunteers/volunteers.messages.ts';
import { serverText, toast, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * Volunteers at the desk (/service-signin): a small librarian's card scanned signs her in for the chosen service,
 * scanned again signs her out with the minutes served; a reader not on the roster is refused by name; the record
 * is then listed on /signrecord.
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const s = useAdminOnPg('volunteers');
const KID = { account: 'VOL2026001', name: '林小满' };
const OTHER = { account: 'VOL2026002', name: '陈未名' };

describe('volunteer sign-in by card scan', () => {
  it('scan signs in, scan again signs out with the minutes; a non-volunteer is refused', async () => {
    for (const r of [KID, OTHER]) await s.call(`${P}/Readers/AddReader`, { ...r, identity: 'student' });
    await s.call(`${P}/Volunteer/AddServiceType`, { name: '图书上架' });
    await s.call(`${P}/Volunteer/AddVolunteer`, { account: KID.account, kind: 'small_librarian' });

    await s.page.goto(`${s.server.url}/library/#/service-signin`);
    const screen = view(s.page, '/service-signin');
    const card = screen.getByPlaceholder(zh('volunteers.desk.cardPlaceholder'));
    await screen.getByLabel(zh('volunteers.col.type')).click();
    await s.page.locator('.ant-select-dropdown:visible').getByText('图书上架', { exact: true }).click();
    await card.fill(KID.account);
    await card.press('Enter');
    const result = screen.getByTestId('sign-result');
    await result.filter({ hasText: `${KID.name} 已签到：图书上架` }).waitFor();
    await screen
      .locator('.ant-table-row')
      .filter({ hasText: KID.name })
      .filter({ hasText: zh('volunteers.sign.open') })
      .waitFor();

    // As if she had signed in 65 minutes ago.
    await s.sql(`update service_sign set sign_in_at = sign_in_at - interval '65 minutes' where state = 'open'`);
    await card.fill(KID.account);
    await card.press('Enter');
    await result
      .filter({ hasText: zh('volunteers.desk.signedOut', { name: KID.name, minutes: 65, points: 2 }) })
      .waitFor();
    await screen
      .locator('.ant-table-row')
      .filter({ hasText: KID.name })
      .filter({ hasText: zh('volunteers.sign.done') })
      .waitFor();
    await shot(s.page, 'volunteer-signed-out');

    await card.fill(OTHER.account);
    await card.press('Enter');
    await toast(s.page, serverText('zh', 'volunteers.notVolunteer', { name: OTHER.name })).waitFor();

    await s.page.goto(`${s.server.url}/library/#/signrecord`);
    const records = view(s.page, '/signrecord');
    const row = records.locator('.ant-table-row').filter({ hasText: KID.name });
    await row.waitFor();
    expect(await row.textContent()).toContain('65');
    expect(await row.textContent()).toContain('图书上架');
  });
});
