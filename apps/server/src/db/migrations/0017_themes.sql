CREATE TABLE "reading_theme" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"grade_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"book_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_participant" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "theme_submission" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"score" integer,
	"reason" text DEFAULT '' NOT NULL,
	"judged_by" integer,
	"judged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_task" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"activity_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"submit_kind" text DEFAULT 'text' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reading_theme_school_idx" ON "reading_theme" USING btree ("school_id","published","end_date");--> statement-breakpoint
CREATE INDEX "theme_activity_theme_idx" ON "theme_activity" USING btree ("school_id","theme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "theme_participant_uq" ON "theme_participant" USING btree ("school_id","theme_id","user_id");--> statement-breakpoint
CREATE INDEX "theme_submission_theme_idx" ON "theme_submission" USING btree ("school_id","theme_id","state");--> statement-breakpoint
CREATE INDEX "theme_submission_user_idx" ON "theme_submission" USING btree ("school_id","user_id","task_id");--> statement-breakpoint
CREATE INDEX "theme_task_theme_idx" ON "theme_task" USING btree ("school_id","theme_id");