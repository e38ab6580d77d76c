CREATE TABLE "union_dirty" (
	"id" serial PRIMARY KEY NOT NULL,
	"union_id" integer NOT NULL,
	"group_key" text,
	"school_id" integer
);
--> statement-breakpoint
CREATE TABLE "union_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"union_id" integer NOT NULL,
	"group_key" text NOT NULL,
	"search" "tsvector" NOT NULL,
	"title" text NOT NULL,
	"titles" text NOT NULL,
	"authors" text NOT NULL,
	"publishers" text NOT NULL,
	"first_id" integer NOT NULL,
	"record_ids" integer[] NOT NULL,
	"school_ids" integer[] NOT NULL,
	"class_letters" text[] NOT NULL,
	"years" integer[] NOT NULL,
	"languages" text[] NOT NULL,
	"isbns" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "union_dirty" ADD CONSTRAINT "union_dirty_union_id_school_union_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."school_union"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "union_record" ADD CONSTRAINT "union_record_union_id_school_union_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."school_union"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "union_dirty_key_idx" ON "union_dirty" USING btree ("union_id","group_key");--> statement-breakpoint
CREATE UNIQUE INDEX "union_record_key_uq" ON "union_record" USING btree ("union_id","group_key");--> statement-breakpoint
CREATE INDEX "union_record_search_idx" ON "union_record" USING gin ("search") WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "union_record_isbn_idx" ON "union_record" USING gin ("isbns") WITH (gin_pending_list_limit=256);--> statement-breakpoint
-- The work a record belongs to in a union search: its first ISBN match key, else its title+author+year key, else the
-- record alone (catalogue/match-keys.ts). Used by the triggers below and the index refresh (union-index.service.ts).
CREATE OR REPLACE FUNCTION "union_group_key"(keys text[], id integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((SELECT min(k) FROM unnest(keys) k WHERE k LIKE 'isbn:%'),
    (SELECT min(k) FROM unnest(keys) k WHERE k LIKE 'tay:%'), 'r:' || id)
$$;
--> statement-breakpoint
-- The merged search document of a work: its records' documents concatenated (tsvector ||).
CREATE AGGREGATE "union_tsvector_agg"(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');
--> statement-breakpoint
-- Records written: their works (old and new keys) are dirty in every union their school is a passed member of.
CREATE OR REPLACE FUNCTION "union_dirty_records"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "union_dirty" ("union_id", "group_key")
      SELECT DISTINCT m."union_id", "union_group_key"(n."match_keys", n."id") FROM new_rows n
        JOIN "union_member" m ON m."school_id" = n."school_id" AND m."status" = 'passed';
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "union_dirty" ("union_id", "group_key")
      SELECT DISTINCT m."union_id", "union_group_key"(o."match_keys", o."id") FROM old_rows o
        JOIN "union_member" m ON m."school_id" = o."school_id" AND m."status" = 'passed';
  ELSE
    INSERT INTO "union_dirty" ("union_id", "group_key")
      SELECT DISTINCT m."union_id", k.gk FROM old_rows o JOIN new_rows n ON n."id" = o."id",
        LATERAL (VALUES (o."school_id", "union_group_key"(o."match_keys", o."id")),
          (n."school_id", "union_group_key"(n."match_keys", n."id"))) k(school_id, gk)
        JOIN "union_member" m ON m."school_id" = k.school_id AND m."status" = 'passed'
      WHERE (o."school_id", o."title", o."parallel_title", o."author", o."publisher", o."class_no", o."pub_year",
          o."language", o."resource_type_id", o."match_keys", o."search")
        IS DISTINCT FROM (n."school_id", n."title", n."parallel_title", n."author", n."publisher", n."class_no",
          n."pub_year", n."language", n."resource_type_id", n."match_keys", n."search");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "union_dirty_records_insert" AFTER INSERT ON "catalogue_record" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "union_dirty_records"();
--> statement-breakpoint
CREATE TRIGGER "union_dirty_records_delete" AFTER DELETE ON "catalogue_record" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "union_dirty_records"();
--> statement-breakpoint
CREATE TRIGGER "union_dirty_records_update" AFTER UPDATE ON "catalogue_record"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "union_dirty_records"();
--> statement-breakpoint
-- Copies added or removed: their records' works are dirty (a record deleted with its copies is seen by the trigger
-- above).
CREATE OR REPLACE FUNCTION "union_dirty_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "union_dirty" ("union_id", "group_key")
      SELECT DISTINCT m."union_id", "union_group_key"(r."match_keys", r."id") FROM new_rows n
        JOIN "catalogue_record" r ON r."id" = n."record_id"
        JOIN "union_member" m ON m."school_id" = n."school_id" AND m."status" = 'passed';
  ELSE
    INSERT INTO "union_dirty" ("union_id", "group_key")
      SELECT DISTINCT m."union_id", "union_group_key"(r."match_keys", r."id") FROM old_rows o
        JOIN "catalogue_record" r ON r."id" = o."record_id"
        JOIN "union_member" m ON m."school_id" = o."school_id" AND m."status" = 'passed';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "union_dirty_copies_insert" AFTER INSERT ON "copy" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "union_dirty_copies"();
--> statement-breakpoint
CREATE TRIGGER "union_dirty_copies_delete" AFTER DELETE ON "copy" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "union_dirty_copies"();
--> statement-breakpoint
-- A copy moved, weeded or given to another record. Only these columns: a loan or a return (circ_state, version)
-- fires nothing, so the desk pays nothing for the union index.
CREATE OR REPLACE FUNCTION "union_dirty_copy_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "union_dirty" ("union_id", "group_key")
    SELECT DISTINCT m."union_id", "union_group_key"(r."match_keys", r."id") FROM "catalogue_record" r
      JOIN "union_member" m ON m."school_id" = r."school_id" AND m."status" = 'passed'
    WHERE r."id" IN (OLD."record_id", NEW."record_id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "union_dirty_copy_moved" AFTER UPDATE OF "store_type", "location_id", "branch_id", "record_id", "school_id"
  ON "copy" FOR EACH ROW WHEN ((OLD."store_type", OLD."location_id", OLD."branch_id", OLD."record_id", OLD."school_id")
    IS DISTINCT FROM (NEW."store_type", NEW."location_id", NEW."branch_id", NEW."record_id", NEW."school_id"))
  EXECUTE FUNCTION "union_dirty_copy_moved"();
--> statement-breakpoint
-- A member passed, left, or changed what it shares: all its works (the refresh lists them).
CREATE OR REPLACE FUNCTION "union_dirty_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status" = 'passed'
      AND EXISTS (SELECT 1 FROM "school_union" WHERE "id" = OLD."union_id") THEN
    INSERT INTO "union_dirty" ("union_id", "school_id") VALUES (OLD."union_id", OLD."school_id");
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" = 'passed' THEN
    INSERT INTO "union_dirty" ("union_id", "school_id") VALUES (NEW."union_id", NEW."school_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "union_dirty_member_insert" AFTER INSERT ON "union_member" FOR EACH ROW
  WHEN (NEW."status" = 'passed') EXECUTE FUNCTION "union_dirty_member"();
--> statement-breakpoint
CREATE TRIGGER "union_dirty_member_delete" AFTER DELETE ON "union_member" FOR EACH ROW
  WHEN (OLD."status" = 'passed') EXECUTE FUNCTION "union_dirty_member"();
--> statement-breakpoint
CREATE TRIGGER "union_dirty_member_update" AFTER UPDATE ON "union_member" FOR EACH ROW
  WHEN ((OLD."status" = 'passed' OR NEW."status" = 'passed')
    AND (OLD."status", OLD."location_ids", OLD."resource_type_ids", OLD."school_id", OLD."union_id")
      IS DISTINCT FROM (NEW."status", NEW."location_ids", NEW."resource_type_ids", NEW."school_id", NEW."union_id"))
  EXECUTE FUNCTION "union_dirty_member"();
--> statement-breakpoint
-- Resource rules ("can view") changed: all works of the school in each of its unions.
CREATE OR REPLACE FUNCTION "union_dirty_rules"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "union_dirty" ("union_id", "school_id")
      SELECT DISTINCT m."union_id", m."school_id" FROM old_rows o
        JOIN "union_member" m ON m."school_id" = o."school_id" AND m."status" = 'passed';
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "union_dirty" ("union_id", "school_id")
      SELECT DISTINCT m."union_id", m."school_id" FROM new_rows n
        JOIN "union_member" m ON m."school_id" = n."school_id" AND m."status" = 'passed';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "union_dirty_rules_insert" AFTER INSERT ON "resource_auth" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "union_dirty_rules"();
--> statement-breakpoint
CREATE TRIGGER "union_dirty_rules_delete" AFTER DELETE ON "resource_auth" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "union_dirty_rules"();
--> statement-breakpoint
CREATE TRIGGER "union_dirty_rules_update" AFTER UPDATE ON "resource_auth"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "union_dirty_rules"();
--> statement-breakpoint
-- Unions already there: every passed member's works are indexed by the first refresh.
INSERT INTO "union_dirty" ("union_id", "school_id") SELECT "union_id", "school_id" FROM "union_member" WHERE "status" = 'passed';
