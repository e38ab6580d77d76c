ALTER TABLE "copy" ADD COLUMN "ever_lent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Copies lent at least once (statistics README "Copies never lent"): every loan written, whoever writes it (desk,
-- SIP2, batch and offline lending, imports), marks its copy after the statement — an AFTER trigger, as the desk's
-- loan statement also updates the copy (its state) and a BEFORE trigger may not touch that row first. Only a copy
-- not marked yet is written: a copy's first loan writes it once more, later loans write nothing.
CREATE OR REPLACE FUNCTION "loan_copy_lent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "copy" c SET "ever_lent" = true
      FROM (SELECT DISTINCT "copy_id" FROM new_rows) n WHERE c."id" = n."copy_id" AND NOT c."ever_lent";
  ELSE
    -- A deleted loan (nothing in the product deletes one) leaves its copy marked only while another loan of it exists.
    UPDATE "copy" c SET "ever_lent" = false
      FROM (SELECT DISTINCT "copy_id" FROM old_rows) o
      WHERE c."id" = o."copy_id" AND c."ever_lent" AND NOT EXISTS (SELECT 1 FROM "loan" l WHERE l."copy_id" = c."id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "loan_copy_lent" AFTER INSERT ON "loan" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "loan_copy_lent"();
--> statement-breakpoint
CREATE TRIGGER "loan_copy_unlent" AFTER DELETE ON "loan" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "loan_copy_lent"();
--> statement-breakpoint
-- A loan moved to another copy (nothing in the product moves one): the new copy is lent, the old one maybe no longer.
-- A row trigger on copy_id only: returns and renewals never fire it.
CREATE OR REPLACE FUNCTION "loan_copy_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "copy" SET "ever_lent" = true WHERE "id" = NEW."copy_id" AND NOT "ever_lent";
  UPDATE "copy" c SET "ever_lent" = false
    WHERE c."id" = OLD."copy_id" AND c."ever_lent" AND NOT EXISTS (SELECT 1 FROM "loan" l WHERE l."copy_id" = c."id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "loan_copy_moved" AFTER UPDATE OF "copy_id" ON "loan" FOR EACH ROW
  WHEN (OLD."copy_id" IS DISTINCT FROM NEW."copy_id") EXECUTE FUNCTION "loan_copy_moved"();
--> statement-breakpoint
-- Backfill: the copies with a loan, before the partial index exists (so the update writes no index of it).
UPDATE "copy" c SET "ever_lent" = true WHERE EXISTS (SELECT 1 FROM "loan" l WHERE l."copy_id" = c."id");
--> statement-breakpoint
-- The held copies never lent, in the order of the /zero-borrow-book list.
CREATE INDEX "copy_never_lent_idx" ON "copy" USING btree ("school_id","call_no","barcode","id") WHERE not ever_lent and store_type not in (3, 4, 6);
