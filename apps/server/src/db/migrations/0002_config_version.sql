-- The configuration version (platform/school-config.ts): every write to a configuration table moves the one row of
-- config_version to a new value of a sequence, in the writer's transaction. Sequence values are never reused, so a
-- version seen inside a transaction that rolls back never names other data.
-- (The table is in 0001 too; a database made before 0002 existed gets it here.)
CREATE TABLE IF NOT EXISTS "config_version" ("id" text PRIMARY KEY NOT NULL, "version" bigint DEFAULT 0 NOT NULL);
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "config_version_seq";
--> statement-breakpoint
INSERT INTO "config_version" ("id", "version") VALUES (md5(random()::text || clock_timestamp()::text), 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_config_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "config_version" SET "version" = nextval('config_version_seq');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "setting_config_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "setting" FOR EACH STATEMENT EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "loan_rule_config_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "loan_rule" FOR EACH STATEMENT EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "borrow_range_config_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "borrow_range" FOR EACH STATEMENT EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "closed_day_config_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "closed_day" FOR EACH STATEMENT EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "resource_auth_config_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "resource_auth" FOR EACH STATEMENT EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "editing_config_config_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "editing_config" FOR EACH STATEMENT EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "school_config_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "school" FOR EACH STATEMENT EXECUTE FUNCTION "bump_config_version"();
