-- Adds the changed rows to both daily rollups (replaces 0010's): grouped by key first (one upsert per rollup row),
-- only the keys whose sums change (a return leaves its borrowed day's loans as they were), in key order so two
-- transactions writing several rows (batch returns, offline uploads) lock them in the same order (no deadlock).
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
END
$$;
