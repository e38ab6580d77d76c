import { describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from './client.ts';

describe('migrations', () => {
  it('says what to do when the database was made by an earlier pre-release (schema rebuilt since)', async () => {
    const database = await openDatabase({});
    try {
      await runMigrations(database);
      // What a regenerated schema migration looks like to a database that already has the tables.
      await database.exec('delete from drizzle.__drizzle_migrations');
      await expect(runMigrations(database)).rejects.toThrow(/earlier pre-release .* Move the data folder aside/);
    } finally {
      await database.close();
    }
  }, 120_000);
});
