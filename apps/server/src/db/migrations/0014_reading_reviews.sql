CREATE TABLE "book_review" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"content" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"reviewed_by_name" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_share" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text DEFAULT 'note' NOT NULL,
	"record_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dimension_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"reviewed_by_name" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_label" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"review_moderation" boolean DEFAULT true NOT NULL,
	"review_min_length" integer DEFAULT 10 NOT NULL,
	"review_points" boolean DEFAULT true NOT NULL,
	"share_moderation" boolean DEFAULT true NOT NULL,
	"share_min_length" integer DEFAULT 10 NOT NULL,
	"share_points" boolean DEFAULT true NOT NULL,
	"share_max_pictures" integer DEFAULT 9 NOT NULL,
	"banned_words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_dimension" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_recommendation" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"teacher_name" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"label_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grade_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"pushed" boolean DEFAULT false NOT NULL,
	"pushed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "book_review_school_record_user_uq" ON "book_review" USING btree ("school_id","record_id","user_id");--> statement-breakpoint
CREATE INDEX "book_review_school_state_idx" ON "book_review" USING btree ("school_id","state","created_at");--> statement-breakpoint
CREATE INDEX "book_review_school_user_idx" ON "book_review" USING btree ("school_id","user_id");--> statement-breakpoint
CREATE INDEX "reading_share_school_state_idx" ON "reading_share" USING btree ("school_id","state","created_at");--> statement-breakpoint
CREATE INDEX "reading_share_school_user_idx" ON "reading_share" USING btree ("school_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recommendation_label_school_name_uq" ON "recommendation_label" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "review_setting_school_uq" ON "review_setting" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_dimension_school_name_uq" ON "share_dimension" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "teacher_recommendation_school_idx" ON "teacher_recommendation" USING btree ("school_id","state","pushed","created_at");