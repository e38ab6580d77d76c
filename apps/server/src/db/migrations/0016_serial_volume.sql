CREATE TABLE "serial_volume" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"title_id" integer NOT NULL,
	"year" integer NOT NULL,
	"from_issue" integer NOT NULL,
	"to_issue" integer NOT NULL,
	"issues" integer NOT NULL,
	"copy_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "serial_issue_copy" ADD COLUMN "volume_id" integer;--> statement-breakpoint
ALTER TABLE "serial_volume" ADD CONSTRAINT "serial_volume_title_id_serial_title_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."serial_title"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_volume" ADD CONSTRAINT "serial_volume_copy_id_copy_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."copy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "serial_volume_copy_uq" ON "serial_volume" USING btree ("copy_id");--> statement-breakpoint
CREATE INDEX "serial_volume_school_title_idx" ON "serial_volume" USING btree ("school_id","title_id","year");--> statement-breakpoint
ALTER TABLE "serial_issue_copy" ADD CONSTRAINT "serial_issue_copy_volume_id_serial_volume_id_fk" FOREIGN KEY ("volume_id") REFERENCES "public"."serial_volume"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "serial_issue_copy_volume_idx" ON "serial_issue_copy" USING btree ("volume_id");