import fs from 'node:fs';
import { P } from '@shuyuan/contracts/common/paths';
import type { BackupView } from '@shuyuan/contracts/backup/backup';
import { describe, expect, it } from 'vitest';
import { apiPost, button, signIn, tokenOf, toast, tx, view } from './support/app.ts';
import { launch, shot } from './support/browser.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * /sys/backup (issue 18): the top-level unit's administrator backs up on demand and follows it, finds the backup
 * listed with its size and how long it took, and downloads it through the browser's own download (a signed,
 * single-use link); a librarian allowed to look at the screen has no download.
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const SCREEN = '/sys/backup';
const LIBRARIAN = { account: 'e2e-backup-viewer', password: 'Viewer#2026e2e', name: '备份查看馆员' };

const s = useAdminOnPg('backup');
const mb = (n: number) => `${(n / 1048576).toFixed(n < 10 * 1048576 ? 2 : 1)} MB`;

describe('backups on /sys/backup', () => {
  let made: BackupView;

  it('the administrator backs up now, follows the progress and finds the backup listed', async () => {
    await s.page.goto(`${s.server.url}/library/#${SCREEN}`);
    const screen = view(s.page, SCREEN);
    await screen.locator('.ant-table').waitFor();
    const [started] = await Promise.all([
      s.page.waitForResponse((r) => r.url().includes('/Backup/StartBackup')),
      button(screen, zh('backup.start')).click(),
    ]);
    const envelope = await started.json();
    expect(envelope.code, JSON.stringify(envelope)).toBe(0);
    // The progress of the task, then done: the bar at 100 % and the toast.
    await screen.locator('.sy-backup-progress .ant-progress').waitFor();
    await toast(s.page, zh('backup.done')).first().waitFor({ timeout: 90_000 });
    await screen.locator('.sy-backup-progress .ant-progress-status-success').waitFor();

    const list = (await s.call(`${P}/Backup/GetBackupList`, {})) as { List: BackupView[] };
    expect(list.List).toHaveLength(1);
    made = list.List[0];
    const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: made.Name });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(mb(made.Size));
    expect(text).toContain(`${(made.DurationMs / 1000).toFixed(1)} s`);
    expect(text).toContain(zh('backup.trigger.manual'));
    // The exact size in bytes is on the size cell.
    const exact = row.locator(`[title="${zh('backup.bytes', { n: made.Size.toLocaleString('zh-CN') })}"]`);
    await exact.waitFor();
    await shot(s.page, 'backup-made');
  });

  it('downloads it through the browser: the file has the listed size', async () => {
    const screen = view(s.page, SCREEN);
    const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: made.Name });
    const [download] = await Promise.all([s.page.waitForEvent('download'), button(row, zh('backup.download')).click()]);
    expect(download.suggestedFilename()).toBe(made.Name);
    const file = (await download.path()) as string;
    expect(fs.statSync(file).size).toBe(made.Size);
    // The page stayed where it was (the download did not navigate away).
    await screen.locator('.ant-table').waitFor();
    expect(s.page.url()).toContain(`#${SCREEN}`);
  });

  it('a librarian who may look at the screen sees the backups but no download', async () => {
    const role = await s.call(`${P}/Role/AddRole`, { name: '备份查看' });
    await s.call(`${P}/Role/SetRolePermissions`, { id: role.id, permissions: ['sys.backup'] });
    await s.call(`${P}/Role/AddStaffUser`, { ...LIBRARIAN, roleId: role.id });
    const ctx = await launch('zh-CN');
    try {
      const page = await ctx.newPage();
      await signIn(page, s.server.url, 'zh', LIBRARIAN.account, LIBRARIAN.password, `${LIBRARIAN.password}-own`);
      await page.goto(`${s.server.url}/library/#${SCREEN}`);
      const screen = view(page, SCREEN);
      const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: made.Name });
      await row.waitFor();
      expect(await button(row, zh('backup.download')).count()).toBe(0);
      expect(await button(screen, zh('backup.start')).count()).toBe(0);
      await shot(page, 'backup-librarian');
      // Nor does the API give them a link.
      const link = await apiPost(s.server.url, `${P}/Backup/GetDownloadLink`, { Name: made.Name }, await tokenOf(page));
      expect(link.status).toBe(403);
    } finally {
      await ctx.close();
    }
  });
});
