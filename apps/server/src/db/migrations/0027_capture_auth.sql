ALTER TABLE "capture_source" ADD COLUMN "auth_user" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "capture_source" ADD COLUMN "auth_group" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "capture_source" ADD COLUMN "auth_password" text;