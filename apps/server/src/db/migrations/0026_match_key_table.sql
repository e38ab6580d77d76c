CREATE TABLE "record_match_key" (
	"school_id" integer NOT NULL,
	"key" text COLLATE "C" NOT NULL,
	"record_id" integer NOT NULL,
	CONSTRAINT "record_match_key_school_id_key_record_id_pk" PRIMARY KEY("school_id","key","record_id")
);
--> statement-breakpoint
-- The keys a record is found by (catalogue/match-key.table.ts): its match_keys, plus its own 001:SHUYUAN|<id> while
-- it has no stored MARC (the 001/003 its export is written with; match-keys.ts SHUYUAN_AGENCY upper-cased).
CREATE OR REPLACE FUNCTION "record_match_keys_of"(keys text[], no_marc boolean, id integer) RETURNS text[]
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN no_marc THEN keys || ('001:SHUYUAN|' || id) ELSE keys END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_match_key_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "record_match_key" ("school_id", "key", "record_id")
    SELECT n."school_id", k, n."id"
    FROM "new_records" n, unnest("record_match_keys_of"(n."match_keys", n."marc" IS NULL, n."id")) k
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "record_match_key_insert" AFTER INSERT ON "catalogue_record" REFERENCING NEW TABLE AS "new_records"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_match_key_insert"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_match_key_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "record_match_key" WHERE "school_id" = OLD."school_id" AND "record_id" = OLD."id"
    AND "key" = ANY ("record_match_keys_of"(OLD."match_keys", OLD."marc" IS NULL, OLD."id"));
  INSERT INTO "record_match_key" ("school_id", "key", "record_id")
    SELECT NEW."school_id", k, NEW."id" FROM unnest("record_match_keys_of"(NEW."match_keys", NEW."marc" IS NULL, NEW."id")) k
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Row by row, but only for rows whose keys changed (the WHEN is checked without calling the function).
CREATE TRIGGER "record_match_key_update" AFTER UPDATE OF "match_keys", "marc", "school_id" ON "catalogue_record"
  FOR EACH ROW WHEN (OLD."match_keys" IS DISTINCT FROM NEW."match_keys" OR (OLD."marc" IS NULL) <> (NEW."marc" IS NULL)
    OR OLD."school_id" <> NEW."school_id")
  EXECUTE FUNCTION "record_match_key_update"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_match_key_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "record_match_key" r
    USING (SELECT o."school_id", k, o."id" FROM "old_records" o,
             unnest("record_match_keys_of"(o."match_keys", o."marc" IS NULL, o."id")) k) d
    WHERE r."school_id" = d."school_id" AND r."key" = d.k AND r."record_id" = d."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "record_match_key_delete" AFTER DELETE ON "catalogue_record" REFERENCING OLD TABLE AS "old_records"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_match_key_delete"();
--> statement-breakpoint
INSERT INTO "record_match_key" ("school_id", "key", "record_id")
  SELECT r."school_id", k, r."id" FROM "catalogue_record" r,
    unnest("record_match_keys_of"(r."match_keys", r."marc" IS NULL, r."id")) k
  ON CONFLICT DO NOTHING;
