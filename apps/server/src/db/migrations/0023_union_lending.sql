CREATE TABLE "union_loan" (
	"id" serial PRIMARY KEY NOT NULL,
	"union_id" integer NOT NULL,
	"owner_school_id" integer NOT NULL,
	"borrower_school_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"copy_id" integer,
	"reader_id" integer NOT NULL,
	"reader_name" text NOT NULL,
	"reader_card" text NOT NULL,
	"via" text NOT NULL,
	"state" text NOT NULL,
	"due_date" date,
	"reason" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone,
	"requested_by" integer,
	"dispatched_at" timestamp with time zone,
	"dispatched_by" integer,
	"received_at" timestamp with time zone,
	"received_by" integer,
	"lent_at" timestamp with time zone,
	"lent_by" integer,
	"returned_at" timestamp with time zone,
	"returned_by" integer,
	"returned_school_id" integer,
	"sent_home_at" timestamp with time zone,
	"sent_home_by" integer,
	"back_at" timestamp with time zone,
	"back_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "union_loan_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"union_id" integer NOT NULL,
	"max_loans" integer DEFAULT 3 NOT NULL,
	"loan_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "union_loan_rule" ADD CONSTRAINT "union_loan_rule_union_id_school_union_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."school_union"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "union_loan_owner_idx" ON "union_loan" USING btree ("owner_school_id","state");--> statement-breakpoint
CREATE INDEX "union_loan_borrower_idx" ON "union_loan" USING btree ("borrower_school_id","state");--> statement-breakpoint
CREATE INDEX "union_loan_reader_idx" ON "union_loan" USING btree ("reader_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "union_loan_copy_open_uq" ON "union_loan" USING btree ("copy_id") WHERE state in ('transit', 'shelf', 'lent', 'returned', 'homebound');--> statement-breakpoint
CREATE UNIQUE INDEX "union_loan_rule_uq" ON "union_loan_rule" USING btree ("union_id");