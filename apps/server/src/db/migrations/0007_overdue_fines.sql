CREATE TABLE "fine" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"fine_no" text NOT NULL,
	"loan_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"copy_id" integer NOT NULL,
	"barcode" text NOT NULL,
	"title" text NOT NULL,
	"due_date" date NOT NULL,
	"return_day" date NOT NULL,
	"overdue_days" integer NOT NULL,
	"grace_days" integer NOT NULL,
	"charged_days" integer NOT NULL,
	"day_fen" integer NOT NULL,
	"cap_fen" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"state" text DEFAULT 'unpaid' NOT NULL,
	"pay_method" text,
	"settled_by" integer,
	"settled_at" timestamp with time zone,
	"waive_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_rule" ADD COLUMN "fine_day_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_rule" ADD COLUMN "fine_grace_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_rule" ADD COLUMN "fine_cap_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fine_no_uq" ON "fine" USING btree ("school_id","fine_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fine_loan_uq" ON "fine" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "fine_reader_idx" ON "fine" USING btree ("school_id","reader_id","state");--> statement-breakpoint
CREATE INDEX "fine_school_time_idx" ON "fine" USING btree ("school_id","created_at");