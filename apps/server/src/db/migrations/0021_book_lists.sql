CREATE TABLE "book_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"theme" text DEFAULT '' NOT NULL,
	"grade_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_list_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"list_id" integer NOT NULL,
	"record_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"isbn" text DEFAULT '' NOT NULL,
	"publisher" text DEFAULT '' NOT NULL,
	"reading_level" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "book_list_entry" ADD CONSTRAINT "book_list_entry_list_id_book_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."book_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_list_school_idx" ON "book_list" USING btree ("school_id","published");--> statement-breakpoint
CREATE INDEX "book_list_entry_list_idx" ON "book_list_entry" USING btree ("list_id","sort");--> statement-breakpoint
CREATE INDEX "book_list_entry_record_idx" ON "book_list_entry" USING btree ("record_id");