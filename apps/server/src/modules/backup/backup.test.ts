import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { P } from '@shuyuan/contracts/common/paths';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildSchool, buildUser, TEST_SCALE as scale, taskDone, useTestApp } from '../../test/helper.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import { BackupError, readArchive, verifyBackup } from './archive.ts';
import { listBackups, pruneBackups, scheduledBackup } from './backup.service.ts';
import { issueTicket } from './download-link.ts';

const t = useTestApp();

async function waitDone(id: number) {
  const v = await taskDone(t, id);
  if (v.State !== 2) throw new Error(`backup failed: ${v.Error}`);
  return v;
}

async function count(table: string): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(t.db, sql.raw(`select count(*)::int as n from ${table}`));
  return r.n;
}

describe('backups', () => {
  it(
    'backs up the database and the uploaded files on demand, lists it and lets the administrator download it',
    async () => {
      const upload = path.join(t.app.config.dataDir, 'files/uploads', String(t.schoolId), 'cover.png');
      fs.mkdirSync(path.dirname(upload), { recursive: true });
      fs.writeFileSync(upload, Buffer.from('not really a png'));

      const empty = await t.post(`${P}/Backup/GetBackupList`);
      expect(empty.json.data).toMatchObject({ List: [], RunningJobId: null });

      const logged = vi.spyOn(t.app.log, 'info');
      const started = await t.post(`${P}/Backup/StartBackup`);
      expect(started.json.success).toBe(true);
      const job = await waitDone(started.json.data.DataID);
      // A log line when the task starts and one when it ends, with the id of the request that started it.
      const lines = logged.mock.calls.filter(([o]) => (o as { job?: number })?.job === job.ID);
      logged.mockRestore();
      expect(lines.map(([, m]) => m)).toEqual(['job started', 'job ended']);
      expect((lines[0][0] as { reqId?: string }).reqId).toMatch(/\S/);
      expect(lines[1][0]).toMatchObject({ outcome: 'done', reqId: (lines[0][0] as { reqId: string }).reqId });
      expect(job.OperationType).toBe('backup');
      expect(job.Progress).toBe(job.DataCount);

      const list = (await t.post(`${P}/Backup/GetBackupList`)).json.data;
      expect(list.List).toHaveLength(1);
      const b = list.List[0];
      expect(b).toMatchObject({ Engine: t.database.kind, Trigger: 'manual', Files: 1 });
      expect(b.Rows).toBeGreaterThan(0);
      expect(b.Name).toMatch(/^shuyuan-\d{8}-\d{6}\.tar\.gz$/);

      const file = path.join(t.app.config.backupDir, b.Name);
      const manifest = await verifyBackup(file);
      expect(manifest.counts['public.school']).toBe(await count('school'));
      expect(manifest.counts['public.app_user']).toBe(await count('app_user'));
      expect(Object.keys(manifest.entries)).toContain(`files/uploads/${t.schoolId}/cover.png`);
      expect(manifest.migration.count).toBeGreaterThan(0);

      // The download: a signed link, then a plain GET without any token streams the file.
      const link = await t.post(`${P}/Backup/GetDownloadLink`, { Name: b.Name });
      expect(link.json.data.Url).toMatch(/^\/micro\/library\/web1\.0\/Backup\/DownloadBackup\?Ticket=/);
      expect(Date.parse(link.json.data.ExpiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
      const res = await t.inject({ method: 'GET', url: link.json.data.Url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(b.Size));
      expect(res.headers['content-disposition']).toContain(`attachment; filename="${b.Name}"`);
      expect(res.rawPayload.equals(fs.readFileSync(file))).toBe(true);

      // A second one while the first runs is refused.
      const a = await t.post(`${P}/Backup/StartBackup`);
      const again = await t.post(`${P}/Backup/StartBackup`);
      expect(again.json.success).toBe(false);
      expect(again.json.msg).toBe('A backup is already running; wait for it to finish');
      await waitDone(a.json.data.DataID);
    },
    120_000 * scale,
  );

  it("shows why a backup task failed in the reader's language", async () => {
    const { id } = await startJob(t.app, {
      schoolId: t.schoolId,
      userId: t.adminId,
      operationType: 'backup.test-failure',
      fileName: 'shuyuan-test.tar.gz',
      run: async () => {
        throw new BackupError('backup.damaged', {
          detail: { key: 'backup.entryChanged', params: { name: 'files/cover.png' } },
        });
      },
    });
    const reason = async (lang: 'zh' | 'en') => (await taskDone(t, id, { lang })).Error;
    expect(await reason('en')).toBe(
      'The backup file is incomplete or damaged (it was cut short or changed after it was written); use another ' +
        'backup. (files/cover.png does not match its checksum)',
    );
    expect(await reason('zh')).toBe(
      '备份文件不完整或已损坏（被截断，或写入后被改动），请使用其他备份。（files/cover.png 与校验和不符）',
    );
  });

  it('refuses a truncated or damaged backup with a clear message', async () => {
    const [b] = listBackups(t.app.config.backupDir);
    const file = path.join(t.app.config.backupDir, b.Name);
    const bytes = fs.readFileSync(file);
    const cut = path.join(t.app.config.dataDir, 'cut.tar.gz');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(verifyBackup(cut)).rejects.toThrow(BackupError);
    await expect(verifyBackup(cut)).rejects.toThrow(/incomplete or damaged/);

    // Whole gzip, but one uploaded file's bytes changed inside: its checksum tells.
    const tar = zlib.gunzipSync(bytes);
    const at = tar.indexOf('not really a png');
    tar.write('NOT', at);
    fs.writeFileSync(cut, zlib.gzipSync(tar));
    await expect(verifyBackup(cut)).rejects.toThrow(/cover\.png does not match its checksum/);

    const names: string[] = [];
    await readArchive(file, (e) => {
      names.push(e.name);
      return null;
    });
    expect(names.at(-1)).toBe('manifest.json');
  });

  it("refuses a used, expired or forged download link with a clear page in the asker's language", async () => {
    const [b] = listBackups(t.app.config.backupDir);
    const get = (url: string, lang = 'en') => t.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
    const url = (await t.post(`${P}/Backup/GetDownloadLink`, { Name: b.Name })).json.data.Url as string;
    // A HEAD does not use it up; the first GET does.
    expect((await t.inject({ method: 'HEAD', url })).headers['content-length']).toBe(String(b.Size));
    expect((await get(url)).statusCode).toBe(200);
    const used = await get(url);
    expect(used.statusCode).toBe(410);
    expect(used.headers['content-type']).toContain('text/html');
    expect(used.body).toContain('This download link has already been used (each link downloads once).');

    const zhUrl = (await t.post(`${P}/Backup/GetDownloadLink`, { Name: b.Name }, { lang: 'zh' })).json.data.Url;
    await get(zhUrl);
    expect((await get(zhUrl, 'en')).body).toContain('下载链接已经用过');

    const old = issueTicket({ name: b.Name, userId: t.adminId, schoolId: t.schoolId, lang: 'en' }, Date.now() - 61_000);
    const expired = await get(`${P}/Backup/DownloadBackup?Ticket=${old.ticket}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This download link has expired (links are valid for one minute).');

    // Another backup's name in a valid link's ticket: the signature no longer holds.
    const fresh = issueTicket({ name: b.Name, userId: t.adminId, schoolId: t.schoolId, lang: 'en' });
    const [payload, sig] = fresh.ticket.split('.');
    const other = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        n: 'shuyuan-20200101-000000.tar.gz',
      }),
    ).toString('base64url');
    for (const ticket of [`${other}.${sig}`, 'nonsense', '']) {
      const forged = await get(`${P}/Backup/DownloadBackup?Ticket=${ticket}`, 'zh');
      expect(forged.statusCode).toBe(403);
      expect(forged.body).toContain('下载链接无效（不是本系统签发的，或被改动过）');
    }
    expect((await get(`${P}/Backup/DownloadBackup?Ticket=${fresh.ticket}`)).statusCode).toBe(200);
  });

  it('shows backups only to the administrators of the top-level unit', async () => {
    const child = await buildSchool(t.db, { parentId: t.schoolId });
    const childAdmin = await buildUser(t.db, child, { permissions: ['*'] });
    const r = await t.post(`${P}/Backup/GetBackupList`, {}, { token: childAdmin.token, schoolId: child });
    expect(r.status).toBe(403);
    expect(r.json.msg).toContain('top-level unit');
    const d = await t.post(
      `${P}/Backup/GetDownloadLink`,
      { Name: listBackups(t.app.config.backupDir)[0].Name },
      { token: childAdmin.token, schoolId: child },
    );
    expect(d.status).toBe(403);

    const librarian = await buildUser(t.db, t.schoolId, { permissions: ['sys.company'] });
    expect((await t.post(`${P}/Backup/GetBackupList`, {}, { token: librarian.token })).status).toBe(403);
    expect((await t.post(`${P}/Backup/StartBackup`, {}, { token: librarian.token })).status).toBe(403);
    const name = listBackups(t.app.config.backupDir)[0].Name;
    expect((await t.post(`${P}/Backup/GetDownloadLink`, { Name: name }, { token: librarian.token })).status).toBe(403);
  });

  it(
    'runs the daily backup at the configured hour after the last one and keeps the configured number',
    async () => {
      const dir = t.app.config.backupDir;
      const [last] = listBackups(dir);
      // Just after a backup: nothing is due.
      expect(await scheduledBackup(t.app, new Date(Date.parse(last.CreatedAt) + 60_000))).toBeNull();
      // A day and more later: due.
      const id = await scheduledBackup(t.app, new Date(Date.parse(last.CreatedAt) + 25 * 3600_000));
      expect(id).toBeGreaterThan(0);
      await waitDone(id!);
      expect(listBackups(dir)[0].Trigger).toBe('schedule');

      expect(listBackups(dir).length).toBe(3);
      fs.writeFileSync(path.join(dir, 'shuyuan-20200101-000000.tar.gz.partial'), 'left over');
      expect(pruneBackups(dir, 2)).toHaveLength(1);
      expect(listBackups(dir).length).toBe(2);
      expect(fs.readdirSync(dir).some((n) => n.endsWith('.partial'))).toBe(false);

      // Turned off in the settings: never due.
      await t.post(`${P}/Config/SaveSettings`, { screen: 'setting', values: { 'backup.enabled': false } });
      expect(await scheduledBackup(t.app, new Date(Date.now() + 3 * 86400_000))).toBeNull();
    },
    120_000 * scale,
  );
});
