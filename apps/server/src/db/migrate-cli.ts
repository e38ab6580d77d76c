import { loadConfig } from '../config.ts';
import { openDatabase, runMigrations } from './client.ts';

/** `npm run migrate`: applies pending migrations to DATABASE_URL or the embedded database in DATA_DIR. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
