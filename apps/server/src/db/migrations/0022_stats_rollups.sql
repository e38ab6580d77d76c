CREATE TABLE "gate_hour" (
	"school_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"ins" integer DEFAULT 0 NOT NULL,
	"outs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gate_hour_school_id_day_hour_pk" PRIMARY KEY("school_id","day","hour")
);
--> statement-breakpoint
CREATE TABLE "gate_reader_day" (
	"school_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"ins" integer DEFAULT 0 NOT NULL,
	"hours" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gate_reader_day_school_id_day_user_id_pk" PRIMARY KEY("school_id","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "held_record" (
	"school_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"class_letter" text NOT NULL,
	"resource_type_id" integer NOT NULL,
	"language" text NOT NULL,
	"price_fen" integer,
	"copies" integer DEFAULT 0 NOT NULL,
	"unpriced" integer DEFAULT 0 NOT NULL,
	"own_fen" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "held_record_record_id_location_id_pk" PRIMARY KEY("record_id","location_id")
);
--> statement-breakpoint
CREATE INDEX "held_record_school_letter_idx" ON "held_record" USING btree ("school_id","class_letter");--> statement-breakpoint
-- Gate passes per school day and hour, and readers per day (statistics README "Visits"). An insert adds its passes
-- (grouped by key, in key order: two devices reporting at once lock rows in the same order).
CREATE OR REPLACE FUNCTION "gate_rollup_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "gate_hour" AS t ("school_id", "day", "hour", "ins", "outs")
    SELECT e."school_id", e."day", e."hour", count(*) FILTER (WHERE e."kind" = 'in'), count(*) FILTER (WHERE e."kind" = 'out')
      FROM (SELECT n."school_id", n."kind", (n."at" AT TIME ZONE coalesce(s."time_zone", 'Asia/Shanghai'))::date AS "day",
              extract(hour FROM n."at" AT TIME ZONE coalesce(s."time_zone", 'Asia/Shanghai'))::smallint AS "hour"
            FROM new_rows n LEFT JOIN "school" s ON s."id" = n."school_id" WHERE n."kind" IN ('in', 'out')) e
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("school_id", "day", "hour") DO UPDATE SET "ins" = t."ins" + excluded."ins", "outs" = t."outs" + excluded."outs";
  INSERT INTO "gate_reader_day" AS t ("school_id", "day", "user_id", "ins", "hours")
    SELECT e."school_id", e."day", e."user_id", count(*), bit_or(1 << e."hour")
      FROM (SELECT n."school_id", n."user_id", (n."at" AT TIME ZONE coalesce(s."time_zone", 'Asia/Shanghai'))::date AS "day",
              extract(hour FROM n."at" AT TIME ZONE coalesce(s."time_zone", 'Asia/Shanghai'))::int AS "hour"
            FROM new_rows n LEFT JOIN "school" s ON s."id" = n."school_id"
            WHERE n."kind" = 'in' AND n."user_id" IS NOT NULL) e
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("school_id", "day", "user_id") DO UPDATE SET "ins" = t."ins" + excluded."ins", "hours" = t."hours" | excluded."hours";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Passes removed or changed (nothing in the product does either): the school days they touch counted again.
CREATE OR REPLACE FUNCTION "gate_rollup_recount"(keys jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS "gate_recount_days" ("school_id" integer, "day" date) ON COMMIT DROP;
  DELETE FROM "gate_recount_days";
  INSERT INTO "gate_recount_days" SELECT DISTINCT (k->>'s')::int, (k->>'d')::date FROM jsonb_array_elements(keys) k;
  DELETE FROM "gate_hour" h USING "gate_recount_days" k WHERE h."school_id" = k."school_id" AND h."day" = k."day";
  DELETE FROM "gate_reader_day" h USING "gate_recount_days" k WHERE h."school_id" = k."school_id" AND h."day" = k."day";
  INSERT INTO "gate_hour" ("school_id", "day", "hour", "ins", "outs")
    SELECT e."school_id", e."day", e."hour", count(*) FILTER (WHERE e."kind" = 'in'), count(*) FILTER (WHERE e."kind" = 'out')
      FROM (SELECT g."school_id", g."kind", (g."at" AT TIME ZONE s."time_zone")::date AS "day",
              extract(hour FROM g."at" AT TIME ZONE s."time_zone")::smallint AS "hour"
            FROM "gate_recount_days" k JOIN "school" s ON s."id" = k."school_id"
            JOIN "gate_event" g ON g."school_id" = k."school_id" AND g."kind" IN ('in', 'out')
              AND g."at" >= (k."day"::timestamp AT TIME ZONE s."time_zone")
              AND g."at" < ((k."day" + 1)::timestamp AT TIME ZONE s."time_zone")) e
      GROUP BY 1, 2, 3;
  INSERT INTO "gate_reader_day" ("school_id", "day", "user_id", "ins", "hours")
    SELECT e."school_id", e."day", e."user_id", count(*), bit_or(1 << e."hour")
      FROM (SELECT g."school_id", g."user_id", (g."at" AT TIME ZONE s."time_zone")::date AS "day",
              extract(hour FROM g."at" AT TIME ZONE s."time_zone")::int AS "hour"
            FROM "gate_recount_days" k JOIN "school" s ON s."id" = k."school_id"
            JOIN "gate_event" g ON g."school_id" = k."school_id" AND g."kind" = 'in' AND g."user_id" IS NOT NULL
              AND g."at" >= (k."day"::timestamp AT TIME ZONE s."time_zone")
              AND g."at" < ((k."day" + 1)::timestamp AT TIME ZONE s."time_zone")) e
      GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "gate_rollup_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "gate_rollup_recount"((SELECT coalesce(jsonb_agg(jsonb_build_object('s', o."school_id",
      'd', (o."at" AT TIME ZONE coalesce(s."time_zone", 'Asia/Shanghai'))::date)), '[]')
      FROM old_rows o LEFT JOIN "school" s ON s."id" = o."school_id"));
  ELSE
    PERFORM "gate_rollup_recount"((SELECT coalesce(jsonb_agg(jsonb_build_object('s', x."school_id",
      'd', (x."at" AT TIME ZONE coalesce(s."time_zone", 'Asia/Shanghai'))::date)), '[]')
      FROM (SELECT "school_id", "at" FROM old_rows UNION SELECT "school_id", "at" FROM new_rows) x
      LEFT JOIN "school" s ON s."id" = x."school_id"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "gate_rollup_insert" AFTER INSERT ON "gate_event" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "gate_rollup_insert"();
--> statement-breakpoint
CREATE TRIGGER "gate_rollup_delete" AFTER DELETE ON "gate_event" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "gate_rollup_change"();
--> statement-breakpoint
CREATE TRIGGER "gate_rollup_update" AFTER UPDATE ON "gate_event" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "gate_rollup_change"();
--> statement-breakpoint
-- A school's gate rollups counted again (the backfill below; a change of its time zone moves its days and hours).
CREATE OR REPLACE FUNCTION "gate_rollup_rebuild"(school integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "gate_rollup_recount"((SELECT coalesce(jsonb_agg(jsonb_build_object('s', school, 'd', d)), '[]')
    FROM (SELECT DISTINCT (g."at" AT TIME ZONE s."time_zone")::date AS d
          FROM "gate_event" g JOIN "school" s ON s."id" = g."school_id" WHERE g."school_id" = school) x));
  -- Days that no longer hold a pass in the new time zone.
  DELETE FROM "gate_hour" h WHERE h."school_id" = school AND NOT EXISTS (SELECT 1 FROM "gate_recount_days" k WHERE k."day" = h."day");
  DELETE FROM "gate_reader_day" h WHERE h."school_id" = school AND NOT EXISTS (SELECT 1 FROM "gate_recount_days" k WHERE k."day" = h."day");
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "school_time_zone_gate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "gate_rollup_rebuild"(NEW."id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "school_time_zone_gate" AFTER UPDATE OF "time_zone" ON "school" FOR EACH ROW
  WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone") EXECUTE FUNCTION "school_time_zone_gate"();
--> statement-breakpoint
SELECT "gate_rollup_rebuild"("school_id") FROM (SELECT DISTINCT "school_id" FROM "gate_event") s;
--> statement-breakpoint
-- Held copies per record and location (statistics README "Held copies"). A copy counts while its store is not
-- weeded (3), a purchase suggestion (4) or lost (6).
CREATE TYPE "held_delta" AS ("sign" integer, "school_id" integer, "record_id" integer, "location_id" integer, "price_fen" integer);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "held_rollup_add"(ds "held_delta"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ds, 1), 0) = 0 THEN RETURN; END IF;
  -- The records' current class, type, language and price: a record edited by another transaction is waited for.
  PERFORM 1 FROM "catalogue_record" WHERE "id" IN (SELECT DISTINCT x."record_id" FROM unnest(ds) x) ORDER BY "id" FOR SHARE;
  INSERT INTO "held_record" AS t ("school_id", "record_id", "location_id", "class_letter", "resource_type_id",
      "language", "price_fen", "copies", "unpriced", "own_fen")
    SELECT d."school_id", d."record_id", d."location_id", coalesce(upper(left(r."class_no", 1)), ''),
        coalesce(r."resource_type_id", 0), coalesce(r."language", ''), r."price_fen", d."copies", d."unpriced", d."own_fen"
      FROM (SELECT x."school_id", x."record_id", coalesce(x."location_id", 0) AS "location_id", sum(x."sign")::int AS "copies",
              sum(x."sign" * (x."price_fen" IS NULL)::int)::int AS "unpriced", sum(x."sign" * coalesce(x."price_fen", 0))::int AS "own_fen"
            FROM unnest(ds) x GROUP BY 1, 2, 3
            HAVING sum(x."sign") <> 0 OR sum(x."sign" * (x."price_fen" IS NULL)::int) <> 0 OR sum(x."sign" * coalesce(x."price_fen", 0)) <> 0) d
      JOIN "catalogue_record" r ON r."id" = d."record_id"
      ORDER BY 2, 3
    ON CONFLICT ("record_id", "location_id") DO UPDATE SET "copies" = t."copies" + excluded."copies",
      "unpriced" = t."unpriced" + excluded."unpriced", "own_fen" = t."own_fen" + excluded."own_fen";
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "held_rollup_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "held_rollup_add"(array(SELECT ROW(1, "school_id", "record_id", "location_id", "unit_price_fen")::"held_delta"
    FROM new_rows WHERE "store_type" NOT IN (3, 4, 6)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "held_rollup_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "held_rollup_add"(array(SELECT ROW(-1, "school_id", "record_id", "location_id", "unit_price_fen")::"held_delta"
    FROM old_rows WHERE "store_type" NOT IN (3, 4, 6)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A copy whose counted columns changed (row by row: PostgreSQL allows a column list only without transition tables).
CREATE OR REPLACE FUNCTION "held_rollup_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "held_rollup_add"(array(
    SELECT ROW(-1, OLD."school_id", OLD."record_id", OLD."location_id", OLD."unit_price_fen")::"held_delta" WHERE OLD."store_type" NOT IN (3, 4, 6)
    UNION ALL
    SELECT ROW(1, NEW."school_id", NEW."record_id", NEW."location_id", NEW."unit_price_fen")::"held_delta" WHERE NEW."store_type" NOT IN (3, 4, 6)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "held_rollup_insert" AFTER INSERT ON "copy" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "held_rollup_insert"();
--> statement-breakpoint
CREATE TRIGGER "held_rollup_delete" AFTER DELETE ON "copy" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "held_rollup_delete"();
--> statement-breakpoint
-- Only writes naming a counted column: the desk's state changes (circ_state) never run it.
CREATE TRIGGER "held_rollup_update" AFTER UPDATE OF "school_id", "record_id", "location_id", "unit_price_fen", "store_type" ON "copy"
  FOR EACH ROW WHEN ((OLD."school_id", OLD."record_id", OLD."location_id", OLD."unit_price_fen", OLD."store_type" NOT IN (3, 4, 6))
    IS DISTINCT FROM (NEW."school_id", NEW."record_id", NEW."location_id", NEW."unit_price_fen", NEW."store_type" NOT IN (3, 4, 6)))
  EXECUTE FUNCTION "held_rollup_update"();
--> statement-breakpoint
-- A record's class number, resource type, language or price edited: its rows follow; a record deleted: they go.
CREATE OR REPLACE FUNCTION "held_record_edit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "held_record" SET "class_letter" = coalesce(upper(left(NEW."class_no", 1)), ''),
      "resource_type_id" = coalesce(NEW."resource_type_id", 0), "language" = coalesce(NEW."language", ''), "price_fen" = NEW."price_fen"
    WHERE "record_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "held_record_update" AFTER UPDATE OF "class_no", "resource_type_id", "language", "price_fen" ON "catalogue_record"
  FOR EACH ROW WHEN ((upper(left(OLD."class_no", 1)), OLD."resource_type_id", OLD."language", OLD."price_fen")
    IS DISTINCT FROM (upper(left(NEW."class_no", 1)), NEW."resource_type_id", NEW."language", NEW."price_fen"))
  EXECUTE FUNCTION "held_record_edit"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "held_record_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "held_record" h USING old_rows o WHERE h."record_id" = o."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "held_record_delete" AFTER DELETE ON "catalogue_record" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "held_record_gone"();
--> statement-breakpoint
INSERT INTO "held_record" ("school_id", "record_id", "location_id", "class_letter", "resource_type_id", "language",
    "price_fen", "copies", "unpriced", "own_fen")
  SELECT r."school_id", c."record_id", coalesce(c."location_id", 0), coalesce(upper(left(r."class_no", 1)), ''),
      coalesce(r."resource_type_id", 0), coalesce(r."language", ''), r."price_fen", count(*)::int,
      count(*) FILTER (WHERE c."unit_price_fen" IS NULL)::int, coalesce(sum(c."unit_price_fen"), 0)::int
    FROM "copy" c JOIN "catalogue_record" r ON r."id" = c."record_id"
    WHERE c."store_type" NOT IN (3, 4, 6)
    GROUP BY r."school_id", c."record_id", coalesce(c."location_id", 0), r."class_no", r."resource_type_id", r."language", r."price_fen";
