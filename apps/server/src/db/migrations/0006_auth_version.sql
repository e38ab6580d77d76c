CREATE TABLE "auth_version" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_count" (
	"key" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The callers' version (modules/auth/token-cache.ts): like config_version, a statement trigger moves the one row to
-- a new sequence value, in the writer's transaction, on every write that can change a remembered token or caller.
CREATE SEQUENCE IF NOT EXISTS "auth_version_seq";
--> statement-breakpoint
INSERT INTO "auth_version" ("id", "version") VALUES (md5(random()::text || clock_timestamp()::text), 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_auth_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "auth_version" SET "version" = nextval('auth_version_seq');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "app_user_auth_version" AFTER DELETE OR TRUNCATE ON "app_user" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "app_user_update_auth_version" AFTER UPDATE OF "state", "password_hash", "must_change_password", "school_id", "account", "name", "identity" ON "app_user" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "role_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "user_role_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_role" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
-- Only a removed access token changes what a cached token check says (sessions, codes and interactions come and go
-- with every sign-in).
CREATE TRIGGER "oidc_payload_auth_version" AFTER DELETE ON "oidc_payload" FOR EACH ROW WHEN (OLD."type" IN ('AccessToken', 'ClientCredentials')) EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "oidc_payload_truncate_auth_version" AFTER TRUNCATE ON "oidc_payload" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
