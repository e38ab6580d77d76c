// Makes the upgrade fixture of this release: `npx tsx scripts/make-upgrade-fixture.ts [version]` (default: the
// version in package.json). Run it on the release's commit, before any later migration exists. It starts the server
// on a fresh embedded data folder (migrations, start-up seeding with the demo school's library), then works as a
// librarian would through the API: saves a setting, uploads a file, lends a book. The folder is packed into
// apps/server/src/test/fixtures/upgrade/<version>/data.tar.gz with expected.json (what upgrade.test.ts checks after
// the current server has started on it). See apps/server/src/db/README.md "Upgrades".
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { P } from '@shuyuan/contracts/common/paths';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, rowsOf, runMigrations } from '../apps/server/src/db/client.ts';
import { seedAll } from '../apps/server/src/db/seed.ts';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens.ts';

const root = path.resolve(import.meta.dirname, '..');
const version = process.argv[2] ?? JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
const out = path.join(root, 'apps/server/src/test/fixtures/upgrade', version);
export const FIXTURE_ADMIN_PASSWORD = 'Upgrade#2026pw';
const WELCOME = `欢迎 — Shuyuan ${version}`;
// A small PNG (a 1×1 pixel and some padding bytes, as an upload check reads only the signature).
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 9)]);

/**
 * PostgreSQL recycles old WAL segments under new names, full of old records that compress badly: with recycling off
 * for one start, a switch and a checkpoint delete them and leave one fresh (zero-filled) segment. The setting is
 * reset before the folder is closed, so the folder is as the server leaves it.
 */
async function compactWal(pgdata: string): Promise<void> {
  const open = () => PGlite.create({ dataDir: pgdata, extensions: { pg_trgm } });
  let pglite = await open();
  await pglite.exec('alter system set wal_recycle = off');
  await pglite.close();
  pglite = await open();
  for (let i = 0; i < 2; i++) {
    await pglite.query('select pg_switch_wal()');
    await pglite.exec('checkpoint');
  }
  await pglite.exec('alter system reset wal_recycle');
  await pglite.close();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shuyuan-fixture-'));
const config = {
  ...loadConfig({}),
  dataDir,
  backupDir: path.join(dataDir, 'backups'),
  adminPassword: FIXTURE_ADMIN_PASSWORD,
  loginCaptcha: false,
  webDist: '/nonexistent',
  demoData: true,
  backupSchedule: false,
};
const database = await openDatabase({ dataDir });
await runMigrations(database);
await seedAll(database.db, config);
const app = await buildApp({ config, database });
await app.ready();
const db = database.db;
const one = async <T>(q: ReturnType<typeof sql>) => (await rowsOf<T>(db, q))[0];

const admin = await one<{ id: number; account: string; school_id: number }>(
  sql`select id, account, school_id from app_user where password_hash is not null and must_change_password = false
      order by id limit 1`,
);
const token = await issueAccessToken(db, { userId: admin.id });
const headers = { authorization: `Bearer ${token}`, schoolid: String(admin.school_id), 'accept-language': 'en' };
async function post(url: string, payload: unknown) {
  const res = await app.inject({ method: 'POST', url, payload: payload as object, headers });
  const json = res.json();
  if (!json.success) throw new Error(`${url}: ${res.body}`);
  return json.data;
}

// A setting (the public catalogue's welcome line, on /search-mana).
await post(`${P}/Config/SaveSettings`, { screen: 'search-mana', values: { 'opac.welcome': WELCOME } });

// An uploaded file (a private picture: only members of the school may read it).
const boundary = '----shuyuanfixture';
const body = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="reading-corner.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  ),
  PNG,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const uploaded = await app.inject({
  method: 'POST',
  url: `${P}/upload/post`,
  payload: body,
  headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
});
const file = uploaded.json().data as { url: string; size: number };
if (!file?.url) throw new Error(`upload: ${uploaded.body}`);

// A loan made today at the desk, to a reader who has none yet.
const reader = await one<{ account: string }>(
  sql`select u.account from app_user u where u.school_id = ${admin.school_id} and u.identity = 'student'
      and u.state = 1 and not u.card_lost and u.valid_until >= current_date
      and not exists (select 1 from loan l where l.user_id = u.id) order by u.account limit 1`,
);
const free = await one<{ barcode: string }>(
  sql`select c.barcode from copy c where c.school_id = ${admin.school_id}
      and not exists (select 1 from loan l where l.copy_id = c.id and l.returned_at is null)
      and not exists (select 1 from reservation r where r.copy_id = c.id)
      order by c.barcode limit 1`,
);
await post(`${P}/Circulation/LiteratureCirc`, { readerBarcode: reader.account, barcode: free.barcode });

const count = async (table: string) => (await one<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).n;
const expected = {
  version,
  schema: (await one<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).n,
  admin: { account: admin.account, password: FIXTURE_ADMIN_PASSWORD, schoolId: admin.school_id },
  counts: {
    records: await count('catalogue_record'),
    copies: await count('copy'),
    readers: (await one<{ n: number }>(sql`select count(*)::int as n from app_user where identity <> 'staff'`)).n,
    loans: await count('loan'),
    openLoans: (await one<{ n: number }>(sql`select count(*)::int as n from loan where returned_at is null`)).n,
  },
  loan: { reader: reader.account, barcode: free.barcode },
  setting: { screen: 'search-mana', key: 'opac.welcome', value: WELCOME },
  upload: { url: file.url, size: file.size, sha256: createHash('sha256').update(PNG).digest('hex') },
};

await app.close();
// Compact: the freed pages of the seeding go away.
await database.exec('vacuum full');
await database.close();
await compactWal(path.join(dataDir, 'pgdata'));
for (const f of ['backups', 'shuyuan.lock']) fs.rmSync(path.join(dataDir, f), { recursive: true, force: true });
// The task results (files/jobs) are not part of what an upgrade must keep.
fs.rmSync(path.join(dataDir, 'files/jobs'), { recursive: true, force: true });

fs.mkdirSync(out, { recursive: true });
const archive = path.join(out, 'data.tar.gz');
execFileSync('sh', [
  '-c',
  'tar -cf - --owner=0 --group=0 --numeric-owner --sort=name -C "$1" . | gzip -9 > "$2"',
  'sh',
  dataDir,
  archive,
]);
fs.writeFileSync(path.join(out, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`${path.relative(root, archive)}: ${(fs.statSync(archive).size / 1048576).toFixed(2)} MB`);
console.log(JSON.stringify(expected.counts));
