CREATE TABLE "gate_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"client_id" text DEFAULT '' NOT NULL,
	"gate" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"card" text DEFAULT '' NOT NULL,
	"copy_id" integer,
	"tag" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "gate_event_school_kind_at_idx" ON "gate_event" USING btree ("school_id","kind","at");--> statement-breakpoint
CREATE INDEX "gate_event_user_at_idx" ON "gate_event" USING btree ("user_id","at");