CREATE TABLE "held_letter" (
	"school_id" integer NOT NULL,
	"class_letter" text NOT NULL,
	"copies" integer DEFAULT 0 NOT NULL,
	"titles" integer DEFAULT 0 NOT NULL,
	"value_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "held_letter_school_id_class_letter_pk" PRIMARY KEY("school_id","class_letter")
);
--> statement-breakpoint
-- One record's held totals (its letter, copies and value over its locations), before or after a change.
CREATE TYPE "held_sum" AS ("school_id" integer, "record_id" integer, "class_letter" text, "copies" integer, "value_fen" bigint);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "held_sums"(ids integer[]) RETURNS "held_sum"[] LANGUAGE sql STABLE AS $$
  SELECT array(SELECT ROW(min(h."school_id"), h."record_id", min(h."class_letter"), sum(h."copies")::int,
      sum(h."own_fen"::bigint + h."unpriced"::bigint * coalesce(h."price_fen", 0))::bigint)::"held_sum"
    FROM "held_record" h WHERE h."record_id" = ANY(ids) GROUP BY h."record_id")
$$;
--> statement-breakpoint
-- held_letter moved by the records' totals after less before: copies, value, and a title where a record starts or
-- stops holding copies (or changes letter), in key order.
CREATE OR REPLACE FUNCTION "held_letter_apply"(before "held_sum"[], after "held_sum"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "held_letter" AS t ("school_id", "class_letter", "copies", "titles", "value_fen")
    SELECT x."school_id", x."class_letter", sum(x.s * x."copies")::int, sum(x.s * (x."copies" > 0)::int)::int, sum(x.s * x."value_fen")
      FROM (SELECT -1 AS s, b.* FROM unnest(before) b UNION ALL SELECT 1, a.* FROM unnest(after) a) x
      GROUP BY 1, 2
      HAVING sum(x.s * x."copies") <> 0 OR sum(x.s * (x."copies" > 0)::int) <> 0 OR sum(x.s * x."value_fen") <> 0
      ORDER BY 1, 2
    ON CONFLICT ("school_id", "class_letter") DO UPDATE SET "copies" = t."copies" + excluded."copies",
      "titles" = t."titles" + excluded."titles", "value_fen" = t."value_fen" + excluded."value_fen"
$$;
--> statement-breakpoint
-- Replaces 0022's: the records are locked for update (was: share), so two writers of one record's copies take
-- turns and each sees the other's totals; held_letter follows from the records' totals before and after.
CREATE OR REPLACE FUNCTION "held_rollup_add"(ds "held_delta"[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE ids integer[]; before "held_sum"[];
BEGIN
  IF coalesce(array_length(ds, 1), 0) = 0 THEN RETURN; END IF;
  ids := array(SELECT DISTINCT x."record_id" FROM unnest(ds) x ORDER BY 1);
  PERFORM 1 FROM "catalogue_record" WHERE "id" = ANY(ids) ORDER BY "id" FOR NO KEY UPDATE;
  before := "held_sums"(ids);
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
  PERFORM "held_letter_apply"(before, "held_sums"(ids));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "held_record_edit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE before "held_sum"[];
BEGIN
  before := "held_sums"(ARRAY[NEW."id"]);
  UPDATE "held_record" SET "class_letter" = coalesce(upper(left(NEW."class_no", 1)), ''),
      "resource_type_id" = coalesce(NEW."resource_type_id", 0), "language" = coalesce(NEW."language", ''), "price_fen" = NEW."price_fen"
    WHERE "record_id" = NEW."id";
  PERFORM "held_letter_apply"(before, "held_sums"(ARRAY[NEW."id"]));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "held_record_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[]; before "held_sum"[];
BEGIN
  ids := array(SELECT "id" FROM old_rows);
  before := "held_sums"(ids);
  DELETE FROM "held_record" WHERE "record_id" = ANY(ids);
  PERFORM "held_letter_apply"(before, '{}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "held_letter" ("school_id", "class_letter", "copies", "titles", "value_fen")
  SELECT "school_id", "class_letter", sum("copies")::int, count(DISTINCT "record_id") FILTER (WHERE "copies" > 0)::int,
      sum("own_fen"::bigint + "unpriced"::bigint * coalesce("price_fen", 0))
    FROM "held_record" GROUP BY 1, 2;
