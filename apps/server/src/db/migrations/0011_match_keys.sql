CREATE TABLE "record_not_duplicate" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"record_a" integer NOT NULL,
	"record_b" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_record" ADD COLUMN "match_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "record_not_duplicate" ADD CONSTRAINT "record_not_duplicate_record_a_catalogue_record_id_fk" FOREIGN KEY ("record_a") REFERENCES "public"."catalogue_record"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_not_duplicate" ADD CONSTRAINT "record_not_duplicate_record_b_catalogue_record_id_fk" FOREIGN KEY ("record_b") REFERENCES "public"."catalogue_record"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "record_not_duplicate_pair_uq" ON "record_not_duplicate" USING btree ("school_id","record_a","record_b");--> statement-breakpoint
CREATE INDEX "catalogue_record_match_keys_idx" ON "catalogue_record" USING gin ("match_keys") WITH (gin_pending_list_limit=256);