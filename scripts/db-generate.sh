#!/usr/bin/env bash
# Writes the next migration from the change to the *.table.ts files: `npm run db:generate -- short_name`.
# Release 0.2.0 froze the schema: 0000 (extensions), 0001 (the whole schema), 0002 (the configuration-version
# triggers) are the baseline every school's data folder has, and they are never edited again. Migrations are
# forward-only from here: each change adds 0003, 0004… (drizzle-kit compares the tables with the last snapshot).
# Two branches that both add a migration: on rebase, drop your own new files (the .sql, its snapshot and its
# journal entry: `git checkout main -- apps/server/src/db/migrations` then remove untracked ones) and run this
# again on top of main's migrations.
# Serialised with flock: several people (or agents) may run it at once.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/shuyuan-db-generate.lock
flock 9
name="${1:-change}"
npx drizzle-kit generate --name="$name" | tail -3
