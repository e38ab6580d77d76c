CREATE TABLE "union_remote" (
	"id" serial PRIMARY KEY NOT NULL,
	"union_id" integer NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"version" text DEFAULT '1.2' NOT NULL,
	"timeout_ms" integer DEFAULT 5000 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by_school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "union_remote" ADD CONSTRAINT "union_remote_union_id_school_union_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."school_union"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "union_remote_url_uq" ON "union_remote" USING btree ("union_id","base_url");