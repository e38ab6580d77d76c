CREATE TABLE "reading_clock" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"minutes" integer NOT NULL,
	"record_id" integer,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_balance" (
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_balance_school_id_user_id_pk" PRIMARY KEY("school_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "point_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"event" text NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"ref_type" text,
	"ref_id" text,
	"note" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"day" date NOT NULL,
	"term_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"event" text NOT NULL,
	"points" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"daily_cap" integer DEFAULT 0 NOT NULL,
	"term_cap" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reading_clock_user_day_idx" ON "reading_clock" USING btree ("school_id","user_id","day");--> statement-breakpoint
CREATE INDEX "reading_clock_school_day_idx" ON "reading_clock" USING btree ("school_id","day");--> statement-breakpoint
CREATE INDEX "point_balance_rank_idx" ON "point_balance" USING btree ("school_id","balance");--> statement-breakpoint
CREATE INDEX "point_entry_user_event_day_idx" ON "point_entry" USING btree ("school_id","user_id","event","day");--> statement-breakpoint
CREATE INDEX "point_entry_school_day_idx" ON "point_entry" USING btree ("school_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "point_entry_ref_uq" ON "point_entry" USING btree ("school_id","event","ref_type","ref_id","user_id") WHERE ref_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "point_rule_school_event_uq" ON "point_rule" USING btree ("school_id","event");--> statement-breakpoint
-- Point rules are school configuration (platform/school-config.ts): the desk's return hooks read them from the
-- snapshot, so every write to them moves config_version like the tables of migration 0002.
CREATE TRIGGER "point_rule_config_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "point_rule" FOR EACH STATEMENT EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
-- Terms bound the per-term point caps: read from the snapshot too.
CREATE TRIGGER "term_config_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "term" FOR EACH STATEMENT EXECUTE FUNCTION "bump_config_version"();
