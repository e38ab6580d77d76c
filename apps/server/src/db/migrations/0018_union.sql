CREATE TABLE "school_union" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"creator_school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "union_member" (
	"id" serial PRIMARY KEY NOT NULL,
	"union_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"origin" text DEFAULT 'applied' NOT NULL,
	"share" text DEFAULT 'catalogue' NOT NULL,
	"location_ids" integer[],
	"resource_type_ids" integer[],
	"message" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "union_member" ADD CONSTRAINT "union_member_union_id_school_union_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."school_union"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_union_name_uq" ON "school_union" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "union_member_uq" ON "union_member" USING btree ("union_id","school_id");--> statement-breakpoint
CREATE INDEX "union_member_school_idx" ON "union_member" USING btree ("school_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "union_member_creator_uq" ON "union_member" USING btree ("union_id") WHERE role = 'creator';