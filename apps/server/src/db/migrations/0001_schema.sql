CREATE TABLE "login_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer,
	"user_id" integer,
	"account" text NOT NULL,
	"user_name" text,
	"success" boolean NOT NULL,
	"reason" text,
	"method" text DEFAULT 'password' NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payload" (
	"id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"en_name" text,
	"description" text DEFAULT '' NOT NULL,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_role" (
	"user_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_role_user_id_school_id_role_id_pk" PRIMARY KEY("user_id","school_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"account" text NOT NULL,
	"name" text NOT NULL,
	"en_name" text,
	"password_hash" text,
	"email" text,
	"phone" text,
	"birthday" date,
	"sex" integer DEFAULT 0 NOT NULL,
	"identity" text DEFAULT 'staff' NOT NULL,
	"department_id" integer,
	"card_rfid" text,
	"deposit" integer DEFAULT 0 NOT NULL,
	"processed_at" timestamp with time zone,
	"valid_until" date,
	"state" integer DEFAULT 1 NOT NULL,
	"lang" text,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"en_name" text,
	"address" text DEFAULT '' NOT NULL,
	"learning_period" text DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"theme_color" jsonb,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"parent_id" integer,
	"state" integer DEFAULT 1 NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer,
	"user_id" integer,
	"request_id" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer,
	"account" text,
	"user_name" text,
	"action" text NOT NULL,
	"path" text NOT NULL,
	"detail" jsonb,
	"ip" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_log_school_time_idx" ON "login_log" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "oidc_payload_pk" ON "oidc_payload" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "oidc_payload_grant_idx" ON "oidc_payload" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payload_uid_idx" ON "oidc_payload" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payload_expires_idx" ON "oidc_payload" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "role_school_name_uq" ON "role" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_school_account_uq" ON "app_user" USING btree ("school_id","account");--> statement-breakpoint
CREATE INDEX "app_user_account_idx" ON "app_user" USING btree (lower("account"));--> statement-breakpoint
CREATE UNIQUE INDEX "school_code_uq" ON "school" USING btree ("code");--> statement-breakpoint
CREATE INDEX "error_log_time_idx" ON "error_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operation_log_school_time_idx" ON "operation_log" USING btree ("school_id","created_at");