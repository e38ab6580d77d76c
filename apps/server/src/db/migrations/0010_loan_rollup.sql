CREATE TABLE "loan_day_item" (
	"school_id" integer NOT NULL,
	"day" date NOT NULL,
	"class_letter" text NOT NULL,
	"location_id" integer NOT NULL,
	"resource_type_id" integer NOT NULL,
	"loans" integer DEFAULT 0 NOT NULL,
	"renewals" integer DEFAULT 0 NOT NULL,
	"late_loans" integer DEFAULT 0 NOT NULL,
	"returns" integer DEFAULT 0 NOT NULL,
	"late_returns" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "loan_day_item_school_id_day_class_letter_location_id_resource_type_id_pk" PRIMARY KEY("school_id","day","class_letter","location_id","resource_type_id")
);
--> statement-breakpoint
CREATE TABLE "loan_day_reader" (
	"school_id" integer NOT NULL,
	"day" date NOT NULL,
	"class_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"identity" text NOT NULL,
	"loans" integer DEFAULT 0 NOT NULL,
	"renewals" integer DEFAULT 0 NOT NULL,
	"late_loans" integer DEFAULT 0 NOT NULL,
	"returns" integer DEFAULT 0 NOT NULL,
	"late_returns" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "loan_day_reader_school_id_day_class_id_grade_id_department_id_identity_pk" PRIMARY KEY("school_id","day","class_id","grade_id","department_id","identity")
);
--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "reader_class_id" integer;--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "reader_grade_id" integer;--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "reader_department_id" integer;--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "reader_identity" text;--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "resource_type_id" integer;--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "class_letter" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- What a loan counts under in the reports, taken at lending whatever the writer (statistics README "Rollups").
CREATE OR REPLACE FUNCTION "loan_snapshot"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u."class_id", c."grade_id", u."department_id", u."identity"
    INTO NEW."reader_class_id", NEW."reader_grade_id", NEW."reader_department_id", NEW."reader_identity"
    FROM "app_user" u LEFT JOIN "school_class" c ON c."id" = u."class_id" WHERE u."id" = NEW."user_id";
  SELECT "location_id" INTO NEW."location_id" FROM "copy" WHERE "id" = NEW."copy_id";
  SELECT "resource_type_id", upper(left("class_no", 1)) INTO NEW."resource_type_id", NEW."class_letter"
    FROM "catalogue_record" WHERE "id" = NEW."record_id";
  NEW."class_letter" := coalesce(NEW."class_letter", '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "loan_snapshot" BEFORE INSERT ON "loan" FOR EACH ROW EXECUTE FUNCTION "loan_snapshot"();
--> statement-breakpoint
UPDATE "loan" l SET "reader_class_id" = u."class_id", "reader_grade_id" = c."grade_id",
    "reader_department_id" = u."department_id", "reader_identity" = u."identity"
  FROM "app_user" u LEFT JOIN "school_class" c ON c."id" = u."class_id" WHERE u."id" = l."user_id";
--> statement-breakpoint
UPDATE "loan" l SET "location_id" = c."location_id" FROM "copy" c WHERE c."id" = l."copy_id";
--> statement-breakpoint
UPDATE "loan" l SET "resource_type_id" = r."resource_type_id", "class_letter" = upper(left(r."class_no", 1))
  FROM "catalogue_record" r WHERE r."id" = l."record_id";
--> statement-breakpoint
-- One changed loan row, counted +1 (new) or -1 (old).
CREATE TYPE "loan_rollup_delta" AS (
  "sign" integer, "school_id" integer, "borrowed_at" timestamptz, "returned_at" timestamptz, "due_date" date,
  "renewals" integer, "class_id" integer, "grade_id" integer, "department_id" integer, "identity" text,
  "location_id" integer, "resource_type_id" integer, "class_letter" text
);
--> statement-breakpoint
-- The rollup events of changed rows: loans, renewals and late loans on the borrowed day, returns and late returns
-- on the returned day, both in the school's time zone; keys as stored (0 / '' for none).
CREATE OR REPLACE FUNCTION "loan_rollup_events"(ds "loan_rollup_delta"[]) RETURNS TABLE (
  "school_id" integer, "day" date, "class_id" integer, "grade_id" integer, "department_id" integer, "identity" text,
  "class_letter" text, "location_id" integer, "resource_type_id" integer,
  "loans" integer, "renewals" integer, "late_loans" integer, "returns" integer, "late_returns" integer
) LANGUAGE sql STABLE AS $$
  WITH d AS (
    SELECT x.*, (x."borrowed_at" AT TIME ZONE coalesce(s."time_zone", 'Asia/Shanghai'))::date AS bday,
      (x."returned_at" AT TIME ZONE coalesce(s."time_zone", 'Asia/Shanghai'))::date AS rday
    FROM unnest(ds) x LEFT JOIN "school" s ON s."id" = x."school_id"
  )
  SELECT d."school_id", bday, coalesce(d."class_id", 0), coalesce(d."grade_id", 0), coalesce(d."department_id", 0),
      coalesce(d."identity", ''), coalesce(d."class_letter", ''), coalesce(d."location_id", 0),
      coalesce(d."resource_type_id", 0), d."sign", d."sign" * d."renewals", d."sign" * coalesce(rday > d."due_date", false)::int, 0, 0
    FROM d
  UNION ALL
  SELECT d."school_id", rday, coalesce(d."class_id", 0), coalesce(d."grade_id", 0), coalesce(d."department_id", 0),
      coalesce(d."identity", ''), coalesce(d."class_letter", ''), coalesce(d."location_id", 0),
      coalesce(d."resource_type_id", 0), 0, 0, 0, d."sign", d."sign" * (rday > d."due_date")::int
    FROM d WHERE rday IS NOT NULL
$$;
--> statement-breakpoint
-- Adds the changed rows to both daily rollups, grouped by key first (one upsert per rollup row).
CREATE OR REPLACE FUNCTION "loan_rollup_add"(ds "loan_rollup_delta"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ds, 1), 0) = 0 THEN RETURN; END IF;
  INSERT INTO "loan_day_reader" AS t ("school_id", "day", "class_id", "grade_id", "department_id", "identity",
      "loans", "renewals", "late_loans", "returns", "late_returns")
    SELECT e."school_id", e."day", e."class_id", e."grade_id", e."department_id", e."identity",
        sum(e."loans"), sum(e."renewals"), sum(e."late_loans"), sum(e."returns"), sum(e."late_returns")
      FROM "loan_rollup_events"(ds) e GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("school_id", "day", "class_id", "grade_id", "department_id", "identity") DO UPDATE SET
      "loans" = t."loans" + excluded."loans", "renewals" = t."renewals" + excluded."renewals",
      "late_loans" = t."late_loans" + excluded."late_loans", "returns" = t."returns" + excluded."returns",
      "late_returns" = t."late_returns" + excluded."late_returns";
  INSERT INTO "loan_day_item" AS t ("school_id", "day", "class_letter", "location_id", "resource_type_id",
      "loans", "renewals", "late_loans", "returns", "late_returns")
    SELECT e."school_id", e."day", e."class_letter", e."location_id", e."resource_type_id",
        sum(e."loans"), sum(e."renewals"), sum(e."late_loans"), sum(e."returns"), sum(e."late_returns")
      FROM "loan_rollup_events"(ds) e GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT ("school_id", "day", "class_letter", "location_id", "resource_type_id") DO UPDATE SET
      "loans" = t."loans" + excluded."loans", "renewals" = t."renewals" + excluded."renewals",
      "late_loans" = t."late_loans" + excluded."late_loans", "returns" = t."returns" + excluded."returns",
      "late_returns" = t."late_returns" + excluded."late_returns";
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "loan_rollup_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "loan_rollup_add"(array(SELECT ROW(1, "school_id", "borrowed_at", "returned_at", "due_date", "renewals",
    "reader_class_id", "reader_grade_id", "reader_department_id", "reader_identity", "location_id",
    "resource_type_id", "class_letter")::"loan_rollup_delta" FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "loan_rollup_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "loan_rollup_add"(array(SELECT ROW(-1, "school_id", "borrowed_at", "returned_at", "due_date", "renewals",
    "reader_class_id", "reader_grade_id", "reader_department_id", "reader_identity", "location_id",
    "resource_type_id", "class_letter")::"loan_rollup_delta" FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update counts only where a counted column changed (the old row out, the new one in).
CREATE OR REPLACE FUNCTION "loan_rollup_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "loan_rollup_add"(array(
    SELECT d FROM old_rows o JOIN new_rows n ON n."id" = o."id",
      LATERAL (VALUES
        (ROW(-1, o."school_id", o."borrowed_at", o."returned_at", o."due_date", o."renewals", o."reader_class_id",
        o."reader_grade_id", o."reader_department_id", o."reader_identity", o."location_id", o."resource_type_id", o."class_letter")::"loan_rollup_delta"),
        (ROW(1, n."school_id", n."borrowed_at", n."returned_at", n."due_date", n."renewals", n."reader_class_id",
        n."reader_grade_id", n."reader_department_id", n."reader_identity", n."location_id", n."resource_type_id", n."class_letter")::"loan_rollup_delta")) v(d)
    WHERE (o."school_id", o."borrowed_at", o."returned_at", o."due_date", o."renewals", o."reader_class_id",
        o."reader_grade_id", o."reader_department_id", o."reader_identity", o."location_id", o."resource_type_id", o."class_letter")
      IS DISTINCT FROM (n."school_id", n."borrowed_at", n."returned_at", n."due_date", n."renewals", n."reader_class_id",
        n."reader_grade_id", n."reader_department_id", n."reader_identity", n."location_id", n."resource_type_id", n."class_letter")));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "loan_rollup_insert" AFTER INSERT ON "loan" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "loan_rollup_insert"();
--> statement-breakpoint
CREATE TRIGGER "loan_rollup_delete" AFTER DELETE ON "loan" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "loan_rollup_delete"();
--> statement-breakpoint
CREATE TRIGGER "loan_rollup_update" AFTER UPDATE ON "loan" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "loan_rollup_update"();
--> statement-breakpoint
-- A school's rollups counted again from its loans (a month at a time): the backfill below, and a change of the
-- school's time zone (its days move).
CREATE OR REPLACE FUNCTION "loan_rollup_rebuild"(school integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE m timestamptz;
BEGIN
  DELETE FROM "loan_day_reader" WHERE "school_id" = school;
  DELETE FROM "loan_day_item" WHERE "school_id" = school;
  FOR m IN SELECT DISTINCT date_trunc('month', "borrowed_at") FROM "loan" WHERE "school_id" = school LOOP
    PERFORM "loan_rollup_add"(array(SELECT ROW(1, "school_id", "borrowed_at", "returned_at", "due_date", "renewals",
      "reader_class_id", "reader_grade_id", "reader_department_id", "reader_identity", "location_id",
      "resource_type_id", "class_letter")::"loan_rollup_delta" FROM "loan"
      WHERE "school_id" = school AND date_trunc('month', "borrowed_at") = m));
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "school_time_zone_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "loan_rollup_rebuild"(NEW."id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "school_time_zone_rollup" AFTER UPDATE OF "time_zone" ON "school" FOR EACH ROW
  WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone") EXECUTE FUNCTION "school_time_zone_rollup"();
--> statement-breakpoint
-- Backfill: every school's loans already there.
SELECT "loan_rollup_rebuild"("school_id") FROM (SELECT DISTINCT "school_id" FROM "loan") s;
