#!/usr/bin/env bash
# Regenerates the migrations from the *.table.ts files.
# Until the first release there is no deployed data to migrate, so the migrations are rebuilt from scratch:
# 0000 enables extensions (drizzle-kit writes no CREATE EXTENSION), 0001 is the whole schema, 0002 the triggers of
# the configuration version (hand-written, kept across the rebuild: drizzle-kit writes no triggers).
# After the first release, switch to incremental `drizzle-kit generate` (see apps/server/src/db/README.md).
# Serialised with flock: several people (or agents) may run it at once.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/shuyuan-db-generate.lock
flock 9
out=apps/server/src/db/migrations
triggers=$(mktemp)
cp "$out"/0002_config_version.sql "$triggers"
rm -rf "$out"
npx drizzle-kit generate --custom --name=extensions >/dev/null
f=$(ls "$out"/0000_*.sql)
printf 'CREATE EXTENSION IF NOT EXISTS pg_trgm;\n' > "$f"
npx drizzle-kit generate --name=schema | tail -3
npx drizzle-kit generate --custom --name=config_version >/dev/null
mv "$triggers" "$(ls "$out"/0002_*.sql)"
