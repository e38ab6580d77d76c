import fs from 'node:fs';
import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { ageHeartbeats, buildSchool, buildUser, taskDone, type CallOpts, useTestApp } from '../../test/helper.ts';
import { registerJobKind, simulateCrash, startJob, tick } from './jobs.ts';

const t = useTestApp();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const waitState = (id: number, states: number[], opts: CallOpts = {}) => taskDone(t, id, { ...opts, states });

/** A task that counts to n, writing a CSV result. */
function counter(n: number, delayMs = 0) {
  return async (job: any) => {
    await job.setTotal(n);
    for (let i = job.done + 1; i <= n; i++) {
      if (job.stopped) return;
      if (delayMs) await sleep(delayMs);
      await job.progress(i);
    }
    const file = job.resultPath('out.csv');
    fs.writeFileSync(file, `count\n${n}\n`);
    return { resultFile: file };
  };
}

describe('background tasks', () => {
  it('runs a task to the end and serves its result under the UTF-8 name', async () => {
    const { id } = await startJob(t.app, {
      schoolId: t.schoolId,
      userId: t.adminId,
      operationType: 'test.export',
      fileName: '读者名单.csv',
      run: counter(50),
    });
    const v = await waitState(id, [2]);
    expect(v).toMatchObject({ ID: id, FileName: '读者名单.csv', DataCount: 50, Progress: 50, percentage: 100 });
    expect(v.ResultFile).toBe(`${P}/Config/DownloadJobFile?ID=${id}`);
    const res = await t.inject({
      method: 'GET',
      url: v.ResultFile,
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('count\n50\n');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('读者名单.csv')}`);
  });

  it('a failing task is marked failed with its message', async () => {
    const { id } = await startJob(t.app, {
      schoolId: t.schoolId,
      userId: t.adminId,
      operationType: 'test.export',
      fileName: 'bad.xlsx',
      run: async () => {
        throw new Error('disk full');
      },
    });
    const v = await waitState(id, [3]);
    expect(v.Error).toBe('disk full');
    expect(v.ResultFile).toBe('');
  });

  it('stops a running task; a finished one cannot be stopped', async () => {
    const { id } = await startJob(t.app, {
      schoolId: t.schoolId,
      userId: t.adminId,
      operationType: 'test.slow',
      fileName: 'slow.csv',
      run: counter(100_000, 5),
    });
    await sleep(50);
    const stop = await t.post(`${P}/Config/StopProgress`, { DataID: id });
    expect(stop.json.code).toBe(0);
    const v = await waitState(id, [4]);
    expect(v.Progress).toBeLessThan(100_000);
    await sleep(300);
    expect((await t.post(`${P}/Config/GetProgress`, { DataID: id })).json.data.State).toBe(4);
    const again = await t.post(`${P}/Config/StopProgress`, { DataID: id });
    expect(again.json.errorCode).toBe('JOB_NOT_RUNNING');
  });

  it('lists with paging and filters; other users and schools cannot see a task', async () => {
    const clerk = await buildUser(t.db, t.schoolId, { permissions: [] });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const j = await startJob(t.app, {
        schoolId: t.schoolId,
        userId: clerk.id,
        operationType: 'test.list',
        fileName: `clerk-${i}.csv`,
        run: counter(2),
      });
      ids.push(j.id);
    }
    for (const id of ids) await waitState(id, [2], { token: clerk.token });
    const mine = await t.post(`${P}/Config/GetProgressList`, { Page: 1, Rows: 2 }, { token: clerk.token });
    expect(mine.json.data.Total).toBe(3);
    expect(mine.json.data.List.map((j: any) => j.ID)).toEqual([ids[2], ids[1]]);
    const p2 = await t.post(`${P}/Config/GetProgressList`, { Page: 2, Rows: 2 }, { token: clerk.token });
    expect(p2.json.data.List.map((j: any) => j.ID)).toEqual([ids[0]]);
    const search = await t.post(`${P}/Config/GetProgressList`, { SearchKey: 'clerk-1' }, { token: clerk.token });
    expect(search.json.data.List.map((j: any) => j.ID)).toEqual([ids[1]]);
    const failed = await t.post(`${P}/Config/GetProgressList`, { State: 3 }, { token: clerk.token });
    expect(failed.json.data.Total).toBe(0);
    // The clerk asks for all without the 'process' permission: still only their own.
    const all = await t.post(`${P}/Config/GetProgressList`, { Scope: 'all', Rows: 40 }, { token: clerk.token });
    expect(all.json.data.Total).toBe(3);
    // The admin sees everyone's with Scope all, and by default only their own.
    const adminAll = await t.post(`${P}/Config/GetProgressList`, { Scope: 'all', OperationType: 'test.list' });
    expect(adminAll.json.data.Total).toBe(3);
    expect(adminAll.json.data.List[0].UserName).toContain('User');
    const adminMine = await t.post(`${P}/Config/GetProgressList`, { OperationType: 'test.list' });
    expect(adminMine.json.data.Total).toBe(0);
    // Another clerk of the same school: not found; their download too.
    const other = await buildUser(t.db, t.schoolId, { permissions: [] });
    expect((await t.post(`${P}/Config/GetProgress`, { DataID: ids[0] }, { token: other.token })).json.code).not.toBe(0);
    const dl = await t.get(`${P}/Config/DownloadJobFile`, { ID: ids[0] }, { token: other.token });
    expect(dl.json.errorCode).toBe('NOT_FOUND');
    // A user of another school with every permission: not found either.
    const s2 = await buildSchool(t.db);
    const boss = await buildUser(t.db, s2, { permissions: ['*'] });
    const r = await t.post(`${P}/Config/GetProgress`, { DataID: ids[0] }, { token: boss.token, schoolId: s2 });
    expect(r.json.errorCode).toBe('NOT_FOUND');
    const stop = await t.post(`${P}/Config/StopProgress`, { DataID: ids[0] }, { token: boss.token, schoolId: s2 });
    expect(stop.json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${P}/Config/GetProgressList`, {}, { token: null })).status).toBe(401);
  });

  it('a task left running by a dead process is failed with a reason, a resumable one continues', async () => {
    const app1 = await buildApp({ config: t.app.config, database: t.database });
    await app1.ready();
    registerJobKind('test.resumable', counter(400, 2));
    const plain = await startJob(app1, {
      schoolId: t.schoolId,
      userId: t.adminId,
      operationType: 'test.plain',
      fileName: 'plain.csv',
      run: counter(100_000, 5),
    });
    const res = await startJob(app1, {
      schoolId: t.schoolId,
      userId: t.adminId,
      operationType: 'test.resumable',
      fileName: 'resume.csv',
    });
    await sleep(300);
    simulateCrash(app1); // as if killed: no more writes, heartbeat stops
    const before = (await t.post(`${P}/Config/GetProgress`, { DataID: res.id })).json.data;
    expect(before.State).toBe(1);
    await ageHeartbeats(t.db, [plain.id, res.id]);
    const app2 = await buildApp({ config: t.app.config, database: t.database });
    await app2.ready(); // start-up recovery
    const failed = await waitState(plain.id, [3], { lang: 'en' });
    expect(failed.Error).toBe('interrupted by a restart');
    const zh = (await t.post(`${P}/Config/GetProgress`, { DataID: plain.id }, { lang: 'zh' })).json.data;
    expect(zh.Error).toBe('任务因服务重启而中断');
    const done = await waitState(res.id, [2]);
    expect(done.Progress).toBe(400);
    await app2.close();
    await app1.close();
  });

  it('scheduled work runs once per turn across processes', async () => {
    const { registerSchedule } = await import('./jobs.ts');
    let runs = 0;
    registerSchedule('test-every', { everyMs: 60_000 }, async () => {
      runs++;
    });
    const a = await buildApp({ config: t.app.config, database: t.database });
    const b = await buildApp({ config: t.app.config, database: t.database });
    await a.ready();
    await b.ready();
    // Make it due now, then both processes take a turn at the same time.
    await t.database.exec(`update job set run_at = now() - interval '1 second' where key = 'schedule:test-every'`);
    await Promise.all([tick(a), tick(b), tick(t.app)]);
    expect(runs).toBe(1);
    await Promise.all([tick(a), tick(b)]);
    expect(runs).toBe(1); // next turn is a minute away
    await a.close();
    await b.close();
  });
});
