CREATE TABLE "donation" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"donor_kind" text DEFAULT 'reader' NOT NULL,
	"donor_name" text DEFAULT '' NOT NULL,
	"reader_id" integer,
	"donated_on" date NOT NULL,
	"batch_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"books" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "donation_school_day_idx" ON "donation" USING btree ("school_id","donated_on");--> statement-breakpoint
CREATE INDEX "donation_reader_idx" ON "donation" USING btree ("school_id","reader_id");