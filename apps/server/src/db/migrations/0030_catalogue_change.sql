-- The catalogue's change number (catalogue/kept-search.ts): every statement that writes records, copies or
-- acceptance batches moves this sequence, so a staff search's answer kept under one number is known to be current
-- while the number stands. Sequence values are never reused nor rolled back; no row is locked, so concurrent writers
-- (circulation desks changing copy states) never wait on each other here.
CREATE SEQUENCE IF NOT EXISTS "catalogue_change_seq";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_catalogue_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalogue_change_seq');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "catalogue_record_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalogue_record" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_change"();
--> statement-breakpoint
CREATE TRIGGER "copy_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "copy" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_change"();
--> statement-breakpoint
CREATE TRIGGER "acceptance_batch_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "acceptance_batch" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_change"();
