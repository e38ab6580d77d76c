CREATE TABLE "loan_year_record" (
	"school_id" integer NOT NULL,
	"year" integer NOT NULL,
	"record_id" integer NOT NULL,
	"loans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "loan_year_record_school_id_year_record_id_pk" PRIMARY KEY("school_id","year","record_id")
);
--> statement-breakpoint
CREATE INDEX "loan_year_record_top_idx" ON "loan_year_record" USING btree ("school_id","year","loans" DESC NULLS LAST,"record_id");--> statement-breakpoint
CREATE INDEX "loan_school_record_borrowed_idx" ON "loan" USING btree ("school_id","record_id","borrowed_at");--> statement-breakpoint
-- A changed loan row carries its record too (the yearly rollup's key; a record merge moves loans to another record).
ALTER TYPE "loan_rollup_delta" ADD ATTRIBUTE "record_id" integer;
--> statement-breakpoint
-- Adds the changed rows to the daily rollups and the monthly one per reader (as 0029), and to the yearly one per
-- title: grouped by key first, only the keys whose sums change (a return or a renewal changes no year's loans:
-- nothing is written there for it), in key order (concurrent batch writers lock rows in the same order). A year is
-- the school's (its time zone).
CREATE OR REPLACE FUNCTION "loan_rollup_add"(ds "loan_rollup_delta"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ds, 1), 0) = 0 THEN RETURN; END IF;
  INSERT INTO "loan_day_reader" AS t ("school_id", "day", "class_id", "grade_id", "department_id", "identity",
      "loans", "renewals", "late_loans", "returns", "late_returns")
    SELECT e."school_id", e."day", e."class_id", e."grade_id", e."department_id", e."identity",
        sum(e."loans"), sum(e."renewals"), sum(e."late_loans"), sum(e."returns"), sum(e."late_returns")
      FROM "loan_rollup_events"(ds) e GROUP BY 1, 2, 3, 4, 5, 6
      HAVING sum(e."loans") <> 0 OR sum(e."renewals") <> 0 OR sum(e."late_loans") <> 0 OR sum(e."returns") <> 0
        OR sum(e."late_returns") <> 0
      ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("school_id", "day", "class_id", "grade_id", "department_id", "identity") DO UPDATE SET
      "loans" = t."loans" + excluded."loans", "renewals" = t."renewals" + excluded."renewals",
      "late_loans" = t."late_loans" + excluded."late_loans", "returns" = t."returns" + excluded."returns",
      "late_returns" = t."late_returns" + excluded."late_returns";
  INSERT INTO "loan_day_item" AS t ("school_id", "day", "class_letter", "location_id", "resource_type_id",
      "loans", "renewals", "late_loans", "returns", "late_returns")
    SELECT e."school_id", e."day", e."class_letter", e."location_id", e."resource_type_id",
        sum(e."loans"), sum(e."renewals"), sum(e."late_loans"), sum(e."returns"), sum(e."late_returns")
      FROM "loan_rollup_events"(ds) e GROUP BY 1, 2, 3, 4, 5
      HAVING sum(e."loans") <> 0 OR sum(e."renewals") <> 0 OR sum(e."late_loans") <> 0 OR sum(e."returns") <> 0
        OR sum(e."late_returns") <> 0
      ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("school_id", "day", "class_letter", "location_id", "resource_type_id") DO UPDATE SET
      "loans" = t."loans" + excluded."loans", "renewals" = t."renewals" + excluded."renewals",
      "late_loans" = t."late_loans" + excluded."late_loans", "returns" = t."returns" + excluded."returns",
      "late_returns" = t."late_returns" + excluded."late_returns";
  INSERT INTO "loan_month_reader" AS t ("school_id", "month", "user_id", "class_id", "grade_id", "department_id",
      "identity", "loans", "renewals")
    SELECT x."school_id", date_trunc('month', x."borrowed_at" AT TIME ZONE coalesce(s."time_zone", 'Asia/Shanghai'))::date,
        x."user_id", coalesce(x."class_id", 0), coalesce(x."grade_id", 0), coalesce(x."department_id", 0),
        coalesce(x."identity", ''), sum(x."sign"), sum(x."sign" * x."renewals")
      FROM unnest(ds) x LEFT JOIN "school" s ON s."id" = x."school_id"
      GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(x."sign") <> 0 OR sum(x."sign" * x."renewals") <> 0
      ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ("school_id", "month", "user_id", "class_id", "grade_id", "department_id", "identity") DO UPDATE SET
      "loans" = t."loans" + excluded."loans", "renewals" = t."renewals" + excluded."renewals";
  INSERT INTO "loan_year_record" AS t ("school_id", "year", "record_id", "loans")
    SELECT x."school_id", extract(year FROM x."borrowed_at" AT TIME ZONE coalesce(s."time_zone", 'Asia/Shanghai'))::int,
        x."record_id", sum(x."sign")
      FROM unnest(ds) x LEFT JOIN "school" s ON s."id" = x."school_id"
      GROUP BY 1, 2, 3 HAVING sum(x."sign") <> 0
      ORDER BY 1, 2, 3
    ON CONFLICT ("school_id", "year", "record_id") DO UPDATE SET "loans" = t."loans" + excluded."loans";
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "loan_rollup_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "loan_rollup_add"(array(SELECT ROW(1, "school_id", "borrowed_at", "returned_at", "due_date", "renewals",
    "reader_class_id", "reader_grade_id", "reader_department_id", "reader_identity", "location_id",
    "resource_type_id", "class_letter", "user_id", "record_id")::"loan_rollup_delta" FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "loan_rollup_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "loan_rollup_add"(array(SELECT ROW(-1, "school_id", "borrowed_at", "returned_at", "due_date", "renewals",
    "reader_class_id", "reader_grade_id", "reader_department_id", "reader_identity", "location_id",
    "resource_type_id", "class_letter", "user_id", "record_id")::"loan_rollup_delta" FROM old_rows));
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
        o."reader_grade_id", o."reader_department_id", o."reader_identity", o."location_id", o."resource_type_id",
        o."class_letter", o."user_id", o."record_id")::"loan_rollup_delta"),
        (ROW(1, n."school_id", n."borrowed_at", n."returned_at", n."due_date", n."renewals", n."reader_class_id",
        n."reader_grade_id", n."reader_department_id", n."reader_identity", n."location_id", n."resource_type_id",
        n."class_letter", n."user_id", n."record_id")::"loan_rollup_delta")) v(d)
    WHERE (o."school_id", o."borrowed_at", o."returned_at", o."due_date", o."renewals", o."reader_class_id",
        o."reader_grade_id", o."reader_department_id", o."reader_identity", o."location_id", o."resource_type_id",
        o."class_letter", o."user_id", o."record_id")
      IS DISTINCT FROM (n."school_id", n."borrowed_at", n."returned_at", n."due_date", n."renewals", n."reader_class_id",
        n."reader_grade_id", n."reader_department_id", n."reader_identity", n."location_id", n."resource_type_id",
        n."class_letter", n."user_id", n."record_id")));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A school's rollups counted again from its loans (a month at a time): a change of the school's time zone (its days,
-- months and years move).
CREATE OR REPLACE FUNCTION "loan_rollup_rebuild"(school integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE m timestamptz;
BEGIN
  DELETE FROM "loan_day_reader" WHERE "school_id" = school;
  DELETE FROM "loan_day_item" WHERE "school_id" = school;
  DELETE FROM "loan_month_reader" WHERE "school_id" = school;
  DELETE FROM "loan_year_record" WHERE "school_id" = school;
  FOR m IN SELECT DISTINCT date_trunc('month', "borrowed_at") FROM "loan" WHERE "school_id" = school LOOP
    PERFORM "loan_rollup_add"(array(SELECT ROW(1, "school_id", "borrowed_at", "returned_at", "due_date", "renewals",
      "reader_class_id", "reader_grade_id", "reader_department_id", "reader_identity", "location_id",
      "resource_type_id", "class_letter", "user_id", "record_id")::"loan_rollup_delta" FROM "loan"
      WHERE "school_id" = school AND date_trunc('month', "borrowed_at") = m));
  END LOOP;
END
$$;
--> statement-breakpoint
-- Backfill: the yearly loans per title of every school's loans already there (one pass over the loans).
INSERT INTO "loan_year_record" ("school_id", "year", "record_id", "loans")
  SELECT l."school_id", extract(year FROM l."borrowed_at" AT TIME ZONE coalesce(s."time_zone", 'Asia/Shanghai'))::int,
      l."record_id", count(*)
    FROM "loan" l LEFT JOIN "school" s ON s."id" = l."school_id"
    GROUP BY 1, 2, 3;
