CREATE TABLE "service_sign" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"volunteer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"service_type_id" integer,
	"day" date NOT NULL,
	"sign_in_at" timestamp with time zone NOT NULL,
	"sign_out_at" timestamp with time zone,
	"minutes" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"interval_minutes" integer DEFAULT 0 NOT NULL,
	"daily_limit" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text DEFAULT 'volunteer' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"source" text DEFAULT 'added' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"audited_by" integer,
	"audited_by_name" text DEFAULT '' NOT NULL,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_duty" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"volunteer_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"service_type_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_sign" ADD CONSTRAINT "service_sign_volunteer_id_volunteer_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."volunteer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_duty" ADD CONSTRAINT "volunteer_duty_volunteer_id_volunteer_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."volunteer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_sign_school_day_idx" ON "service_sign" USING btree ("school_id","day");--> statement-breakpoint
CREATE INDEX "service_sign_volunteer_idx" ON "service_sign" USING btree ("school_id","volunteer_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "service_sign_one_open_uq" ON "service_sign" USING btree ("school_id","volunteer_id") WHERE state = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "service_type_school_name_uq" ON "service_type" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_school_user_uq" ON "volunteer" USING btree ("school_id","user_id");--> statement-breakpoint
CREATE INDEX "volunteer_school_state_idx" ON "volunteer" USING btree ("school_id","state");--> statement-breakpoint
CREATE INDEX "volunteer_duty_volunteer_idx" ON "volunteer_duty" USING btree ("school_id","volunteer_id");