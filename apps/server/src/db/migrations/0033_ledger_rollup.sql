CREATE TABLE "accession_record" (
	"school_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"day" date NOT NULL,
	"class_letter" text NOT NULL,
	"price_fen" integer,
	"copies" integer DEFAULT 0 NOT NULL,
	"unpriced" integer DEFAULT 0 NOT NULL,
	"own_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "accession_record_record_id_batch_id_day_school_id_pk" PRIMARY KEY("record_id","batch_id","day","school_id")
);
--> statement-breakpoint
CREATE INDEX "accession_record_school_day_idx" ON "accession_record" USING btree ("school_id","day");--> statement-breakpoint
-- Accessions per record, batch and day (statistics README "Accessions"): the summary ledger's rollup. A copy counts
-- unless it is a purchase suggestion (store 4), on its batch's acceptance day, else its creation day in the school's
-- time zone; batch 0 is none.
CREATE TYPE "accession_delta" AS ("sign" integer, "school_id" integer, "record_id" integer, "batch_id" integer, "day" date, "price_fen" integer);
--> statement-breakpoint
-- The changed copies added to (sign 1) or taken from (-1) their rows, grouped by key, only the keys whose sums
-- change, in key order (concurrent writers lock rows in the same order); rows left without copies go, so a group's
-- rows are its titles. The records are locked as held_rollup_add locks them (and before it, whose triggers fire
-- first, has: the same lock again), so a concurrent record edit is waited for and no row copies an old class or
-- price. A copy of a record deleted with it (the cascade) finds no record here: the record's rows go with it.
CREATE OR REPLACE FUNCTION "accession_rollup_add"(ds "accession_delta"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ds, 1), 0) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM "catalogue_record" WHERE "id" IN (SELECT DISTINCT x."record_id" FROM unnest(ds) x) ORDER BY "id" FOR NO KEY UPDATE;
  INSERT INTO "accession_record" AS t ("school_id", "record_id", "batch_id", "day", "class_letter", "price_fen",
      "copies", "unpriced", "own_fen")
    SELECT d."school_id", d."record_id", d."batch_id", d."day", upper(left(r."class_no", 1)), r."price_fen",
        d."copies", d."unpriced", d."own_fen"
      FROM (SELECT x."school_id", x."record_id", x."batch_id", x."day", sum(x."sign")::int AS "copies",
              sum(x."sign" * (x."price_fen" IS NULL)::int)::int AS "unpriced", sum(x."sign" * coalesce(x."price_fen", 0)::bigint) AS "own_fen"
            FROM unnest(ds) x GROUP BY 1, 2, 3, 4
            HAVING sum(x."sign") <> 0 OR sum(x."sign" * (x."price_fen" IS NULL)::int) <> 0 OR sum(x."sign" * coalesce(x."price_fen", 0)::bigint) <> 0) d
      JOIN "catalogue_record" r ON r."id" = d."record_id"
      ORDER BY 2, 3, 4, 1
    ON CONFLICT ("record_id", "batch_id", "day", "school_id") DO UPDATE SET "copies" = t."copies" + excluded."copies",
      "unpriced" = t."unpriced" + excluded."unpriced", "own_fen" = t."own_fen" + excluded."own_fen";
  DELETE FROM "accession_record" a USING (SELECT DISTINCT x."record_id", x."batch_id", x."day", x."school_id" FROM unnest(ds) x) k
    WHERE a."record_id" = k."record_id" AND a."batch_id" = k."batch_id" AND a."day" = k."day" AND a."school_id" = k."school_id"
      AND a."copies" = 0;
END
$$;
--> statement-breakpoint
-- A copy's accession key as the ledger reads it: its batch's acceptance day (a batch deleted or not accepted: the
-- copy's creation day).
CREATE OR REPLACE FUNCTION "accession_day"(batch integer, created timestamptz, school integer) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT b."accepted_on" FROM "acceptance_batch" b WHERE b."id" = batch),
    (created AT TIME ZONE coalesce((SELECT s."time_zone" FROM "school" s WHERE s."id" = school), 'Asia/Shanghai'))::date)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "accession_rollup_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "accession_rollup_add"(array(SELECT ROW(1, n."school_id", n."record_id", coalesce(n."batch_id", 0),
      "accession_day"(n."batch_id", n."created_at", n."school_id"), n."unit_price_fen")::"accession_delta"
    FROM new_rows n WHERE n."store_type" <> 4));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "accession_rollup_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "accession_rollup_add"(array(SELECT ROW(-1, o."school_id", o."record_id", coalesce(o."batch_id", 0),
      "accession_day"(o."batch_id", o."created_at", o."school_id"), o."unit_price_fen")::"accession_delta"
    FROM old_rows o WHERE o."store_type" <> 4));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A copy whose counted columns changed (row by row, as held_rollup_update: a column list allows no transition
-- tables). Its old key is read with today's batch and time zone: a batch's acceptance day or a time zone changes
-- only through their own triggers, which count their copies again at once.
CREATE OR REPLACE FUNCTION "accession_rollup_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "accession_rollup_add"(array(
    SELECT ROW(-1, OLD."school_id", OLD."record_id", coalesce(OLD."batch_id", 0),
        "accession_day"(OLD."batch_id", OLD."created_at", OLD."school_id"), OLD."unit_price_fen")::"accession_delta"
      WHERE OLD."store_type" <> 4
    UNION ALL
    SELECT ROW(1, NEW."school_id", NEW."record_id", coalesce(NEW."batch_id", 0),
        "accession_day"(NEW."batch_id", NEW."created_at", NEW."school_id"), NEW."unit_price_fen")::"accession_delta"
      WHERE NEW."store_type" <> 4));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Named after held_rollup_* so they fire after them (triggers fire in name order): the records are locked already.
CREATE TRIGGER "ledger_rollup_insert" AFTER INSERT ON "copy" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "accession_rollup_insert"();
--> statement-breakpoint
CREATE TRIGGER "ledger_rollup_delete" AFTER DELETE ON "copy" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "accession_rollup_delete"();
--> statement-breakpoint
-- Only writes naming a counted column: the desk's state changes and weeding or a loss (store 3, 6) never run it.
CREATE TRIGGER "ledger_rollup_update" AFTER UPDATE OF "school_id", "record_id", "batch_id", "created_at", "unit_price_fen", "store_type" ON "copy"
  FOR EACH ROW WHEN ((OLD."school_id", OLD."record_id", OLD."batch_id", OLD."created_at", OLD."unit_price_fen", OLD."store_type" <> 4)
    IS DISTINCT FROM (NEW."school_id", NEW."record_id", NEW."batch_id", NEW."created_at", NEW."unit_price_fen", NEW."store_type" <> 4))
  EXECUTE FUNCTION "accession_rollup_update"();
--> statement-breakpoint
-- The copies of some batches, or of a school, counted again: their rows deleted, then summed from the copies.
CREATE OR REPLACE FUNCTION "accession_recount"(school integer, batches integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS "accession_recount_copies" ("school_id" integer, "record_id" integer,
    "batch_id" integer, "created_at" timestamptz, "unit_price_fen" integer) ON COMMIT DROP;
  DELETE FROM "accession_recount_copies";
  IF school IS NOT NULL THEN
    INSERT INTO "accession_recount_copies" SELECT c."school_id", c."record_id", coalesce(c."batch_id", 0), c."created_at", c."unit_price_fen"
      FROM "copy" c WHERE c."school_id" = school AND c."store_type" <> 4;
  ELSE
    INSERT INTO "accession_recount_copies" SELECT c."school_id", c."record_id", c."batch_id", c."created_at", c."unit_price_fen"
      FROM "copy" c WHERE c."batch_id" = ANY(batches) AND c."store_type" <> 4;
  END IF;
  IF school IS NOT NULL THEN
    DELETE FROM "accession_record" WHERE "school_id" = school;
  ELSE
    -- A batch's records locked before any row is written, in the copy triggers' order (no deadlock with a copy
    -- writer); a school's (the backfill, a time-zone change) are not: every record of it.
    PERFORM 1 FROM "catalogue_record" WHERE "id" IN (SELECT DISTINCT "record_id" FROM "accession_recount_copies") ORDER BY "id" FOR NO KEY UPDATE;
    -- A batch's rows are rows of its copies' records.
    DELETE FROM "accession_record" a WHERE a."batch_id" = ANY(batches)
      AND a."record_id" IN (SELECT DISTINCT "record_id" FROM "accession_recount_copies");
  END IF;
  INSERT INTO "accession_record" ("school_id", "record_id", "batch_id", "day", "class_letter", "price_fen", "copies", "unpriced", "own_fen")
    SELECT c."school_id", c."record_id", c."batch_id",
        coalesce(b."accepted_on", (c."created_at" AT TIME ZONE coalesce(s."time_zone", 'Asia/Shanghai'))::date),
        upper(left(min(r."class_no"), 1)), min(r."price_fen"), count(*)::int,
        count(*) FILTER (WHERE c."unit_price_fen" IS NULL)::int, coalesce(sum(c."unit_price_fen"), 0)::bigint
      FROM "accession_recount_copies" c JOIN "catalogue_record" r ON r."id" = c."record_id"
      LEFT JOIN "acceptance_batch" b ON b."id" = nullif(c."batch_id", 0) LEFT JOIN "school" s ON s."id" = c."school_id"
      GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4, 1;
END
$$;
--> statement-breakpoint
-- A batch added, deleted or given another acceptance day: its copies' accession day moves.
CREATE OR REPLACE FUNCTION "accession_batch_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM "accession_recount"(NULL, ARRAY[NEW."id"]);
  ELSIF TG_OP = 'DELETE' THEN PERFORM "accession_recount"(NULL, ARRAY[OLD."id"]);
  ELSE PERFORM "accession_recount"(NULL, ARRAY[OLD."id", NEW."id"]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_batch_insert" AFTER INSERT ON "acceptance_batch" FOR EACH ROW EXECUTE FUNCTION "accession_batch_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_batch_delete" AFTER DELETE ON "acceptance_batch" FOR EACH ROW EXECUTE FUNCTION "accession_batch_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_batch_update" AFTER UPDATE OF "accepted_on", "id" ON "acceptance_batch" FOR EACH ROW
  WHEN (OLD."accepted_on" IS DISTINCT FROM NEW."accepted_on" OR OLD."id" <> NEW."id") EXECUTE FUNCTION "accession_batch_change"();
--> statement-breakpoint
-- A record's class number or price edited: its rows follow (a record deleted: they go).
CREATE OR REPLACE FUNCTION "accession_record_edit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "accession_record" SET "class_letter" = upper(left(NEW."class_no", 1)), "price_fen" = NEW."price_fen"
    WHERE "record_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_record_update" AFTER UPDATE OF "class_no", "price_fen" ON "catalogue_record"
  FOR EACH ROW WHEN ((upper(left(OLD."class_no", 1)), OLD."price_fen") IS DISTINCT FROM (upper(left(NEW."class_no", 1)), NEW."price_fen"))
  EXECUTE FUNCTION "accession_record_edit"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "accession_record_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "accession_record" a USING old_rows o WHERE a."record_id" = o."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_record_delete" AFTER DELETE ON "catalogue_record" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "accession_record_gone"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "school_time_zone_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "accession_recount"(NEW."id", NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "school_time_zone_ledger" AFTER UPDATE OF "time_zone" ON "school" FOR EACH ROW
  WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone") EXECUTE FUNCTION "school_time_zone_ledger"();
--> statement-breakpoint
SELECT "accession_recount"("school_id", NULL) FROM (SELECT DISTINCT "school_id" FROM "copy") s;
