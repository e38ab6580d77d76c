import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A throw-away PostgreSQL database for one benchmark. */
export async function createScratchDatabase(baseUrl: string) {
  const name = `shuyuan_bench_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: baseUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

export async function localPg(): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    await c.end();
    return url;
  } catch {
    return null;
  }
}
