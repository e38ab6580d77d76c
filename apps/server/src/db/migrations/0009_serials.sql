CREATE TABLE "serial_issue" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"title_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"expected_date" date,
	"year" integer NOT NULL,
	"volume" integer,
	"issue_no" integer,
	"whole_no" integer,
	"state" text DEFAULT 'expected' NOT NULL,
	"arrived_at" timestamp with time zone,
	"arrived_copies" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"claim_count" integer DEFAULT 0 NOT NULL,
	"bound_volume_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serial_issue_copy" (
	"issue_id" integer NOT NULL,
	"copy_id" integer NOT NULL,
	"location_id" integer,
	CONSTRAINT "serial_issue_copy_issue_id_copy_id_pk" PRIMARY KEY("issue_id","copy_id")
);
--> statement-breakpoint
CREATE TABLE "serial_subscription" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"title_id" integer NOT NULL,
	"year" integer NOT NULL,
	"pattern" jsonb,
	"copies" integer DEFAULT 1 NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"total_price_fen" integer,
	"renewed_from" integer,
	"state" text DEFAULT 'ordered' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serial_subscription_place" (
	"subscription_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"copies" integer NOT NULL,
	CONSTRAINT "serial_subscription_place_subscription_id_location_id_pk" PRIMARY KEY("subscription_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "serial_title" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"kind" text DEFAULT 'magazine' NOT NULL,
	"record_id" integer,
	"title" text NOT NULL,
	"issn" text,
	"cn_number" text DEFAULT '' NOT NULL,
	"postal_code" text,
	"publisher" text DEFAULT '' NOT NULL,
	"frequency" text DEFAULT 'monthly' NOT NULL,
	"price_per_issue_fen" integer,
	"price_per_year_fen" integer,
	"language" text DEFAULT '' NOT NULL,
	"class_no" text DEFAULT '' NOT NULL,
	"ceased" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "serial_issue" ADD CONSTRAINT "serial_issue_subscription_id_serial_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."serial_subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_issue" ADD CONSTRAINT "serial_issue_title_id_serial_title_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."serial_title"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_issue_copy" ADD CONSTRAINT "serial_issue_copy_issue_id_serial_issue_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."serial_issue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_issue_copy" ADD CONSTRAINT "serial_issue_copy_copy_id_copy_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."copy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_issue_copy" ADD CONSTRAINT "serial_issue_copy_location_id_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."location"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_subscription" ADD CONSTRAINT "serial_subscription_title_id_serial_title_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."serial_title"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_subscription_place" ADD CONSTRAINT "serial_subscription_place_subscription_id_serial_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."serial_subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_subscription_place" ADD CONSTRAINT "serial_subscription_place_location_id_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_title" ADD CONSTRAINT "serial_title_record_id_catalogue_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."catalogue_record"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "serial_issue_subscription_seq_uq" ON "serial_issue" USING btree ("subscription_id","seq");--> statement-breakpoint
CREATE INDEX "serial_issue_school_state_date_idx" ON "serial_issue" USING btree ("school_id","state","expected_date");--> statement-breakpoint
CREATE INDEX "serial_issue_title_idx" ON "serial_issue" USING btree ("title_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "serial_issue_copy_copy_uq" ON "serial_issue_copy" USING btree ("copy_id");--> statement-breakpoint
CREATE INDEX "serial_issue_copy_location_idx" ON "serial_issue_copy" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "serial_subscription_title_year_uq" ON "serial_subscription" USING btree ("title_id","year");--> statement-breakpoint
CREATE INDEX "serial_subscription_school_year_idx" ON "serial_subscription" USING btree ("school_id","year");--> statement-breakpoint
CREATE INDEX "serial_title_school_kind_idx" ON "serial_title" USING btree ("school_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "serial_title_school_issn_uq" ON "serial_title" USING btree ("school_id","issn") WHERE issn is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "serial_title_school_postal_uq" ON "serial_title" USING btree ("school_id","postal_code") WHERE postal_code is not null;