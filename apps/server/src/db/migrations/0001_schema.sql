CREATE TABLE "auth_key" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_captcha" (
	"id" text PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer,
	"user_id" integer,
	"account" text NOT NULL,
	"user_name" text,
	"success" boolean NOT NULL,
	"reason" text,
	"method" text DEFAULT 'password' NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_client" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"user_id" integer,
	"secret_hash" text NOT NULL,
	"scope" text DEFAULT 'library_api' NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payload" (
	"id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"account_id" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"en_name" text,
	"description" text DEFAULT '' NOT NULL,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_role" (
	"user_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_role_user_id_school_id_role_id_pk" PRIMARY KEY("user_id","school_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"account" text NOT NULL,
	"name" text NOT NULL,
	"en_name" text,
	"password_hash" text,
	"email" text,
	"phone" text,
	"birthday" date,
	"sex" integer DEFAULT 0 NOT NULL,
	"identity" text DEFAULT 'staff' NOT NULL,
	"department_id" integer,
	"class_id" integer,
	"permission_group_id" integer,
	"photo_url" text,
	"card_lost" boolean DEFAULT false NOT NULL,
	"card_blocked_by" text,
	"remark" text,
	"card_rfid" text,
	"deposit" integer DEFAULT 0 NOT NULL,
	"processed_at" timestamp with time zone,
	"valid_until" date,
	"state" integer DEFAULT 1 NOT NULL,
	"lang" text,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"en_name" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"map_url" text DEFAULT '' NOT NULL,
	"x" double precision,
	"y" double precision,
	"shelf_from" text DEFAULT '' NOT NULL,
	"shelf_to" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shelf" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"code" text NOT NULL,
	"barcode" text NOT NULL,
	"faces" integer DEFAULT 1 NOT NULL,
	"layers" integer DEFAULT 5 NOT NULL,
	"width_cm" integer DEFAULT 90 NOT NULL,
	"call_from" text DEFAULT '' NOT NULL,
	"call_to" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shelf_area" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"width_cm" integer DEFAULT 0 NOT NULL,
	"shelf_count" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shelf_position" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"shelf_id" integer NOT NULL,
	"code" text NOT NULL,
	"barcode" text DEFAULT '' NOT NULL,
	"face" integer DEFAULT 1 NOT NULL,
	"layer" integer DEFAULT 1 NOT NULL,
	"column_no" integer DEFAULT 1 NOT NULL,
	"call_from" text DEFAULT '' NOT NULL,
	"call_to" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulletin" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"kind" text DEFAULT 'notice' NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"author_id" integer,
	"author_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_info" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"hours" text DEFAULT '' NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newbook_announcement" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"batch_id" integer,
	"date_from" date,
	"date_to" date,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_bookcase" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"location_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capture_source" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'sru' NOT NULL,
	"base_url" text NOT NULL,
	"database" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '1.1' NOT NULL,
	"record_schema" text DEFAULT 'marcxml' NOT NULL,
	"isbn_index" text DEFAULT 'bath.isbn' NOT NULL,
	"timeout_ms" integer DEFAULT 8000 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"vendors" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acceptance_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"batch_no" text NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"accepted_on" date,
	"bookseller" text DEFAULT '' NOT NULL,
	"discount_rate" numeric(6, 4),
	"currency" text DEFAULT 'CNY' NOT NULL,
	"price_fen" integer,
	"voucher" text DEFAULT '' NOT NULL,
	"invoice_no" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"title" text NOT NULL,
	"parallel_title" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"responsibility" text DEFAULT '' NOT NULL,
	"edition" text DEFAULT '' NOT NULL,
	"publisher" text DEFAULT '' NOT NULL,
	"pub_place" text DEFAULT '' NOT NULL,
	"pub_year" integer,
	"isbn" text DEFAULT '' NOT NULL,
	"issn" text DEFAULT '' NOT NULL,
	"class_no" text DEFAULT '' NOT NULL,
	"book_no" text DEFAULT '' NOT NULL,
	"price_fen" integer,
	"language" text DEFAULT '' NOT NULL,
	"pages" integer,
	"cover_url" text DEFAULT '' NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"series" text DEFAULT '' NOT NULL,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"reading_level" text DEFAULT '' NOT NULL,
	"resource_type_id" integer,
	"marc" json,
	"search" "tsvector",
	"search_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copy" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"barcode" text NOT NULL,
	"rfid" text DEFAULT '' NOT NULL,
	"call_no" text DEFAULT '' NOT NULL,
	"class_no" text DEFAULT '' NOT NULL,
	"book_no" text DEFAULT '' NOT NULL,
	"additional_no" text DEFAULT '' NOT NULL,
	"shelf_mark" text DEFAULT '' NOT NULL,
	"branch_id" integer,
	"location_id" integer,
	"circ_state" text DEFAULT 'available' NOT NULL,
	"store_type" integer DEFAULT 1 NOT NULL,
	"unit_price_fen" integer,
	"discount_price_fen" integer,
	"batch_id" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "editing_config" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_conversion" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_parent" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"relation" text DEFAULT 'guardian' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "borrow_range" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"permission_group_id" integer,
	"identity" text,
	"location_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"resource_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "closed_day" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"copy_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"borrowed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" date NOT NULL,
	"returned_at" timestamp with time zone,
	"renewals" integer DEFAULT 0 NOT NULL,
	"operator_id" integer,
	"return_operator_id" integer,
	"via" text DEFAULT 'desk' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_deferral" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"days" integer NOT NULL,
	"old_due_date" date NOT NULL,
	"new_due_date" date NOT NULL,
	"reason" text NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"identity" text,
	"permission_group_id" integer,
	"resource_type_id" integer,
	"location_id" integer,
	"max_loans" integer NOT NULL,
	"loan_days" integer NOT NULL,
	"renew_days" integer NOT NULL,
	"max_renewals" integer NOT NULL,
	"overdue_renew_allowed" boolean DEFAULT false NOT NULL,
	"overdue_lend_allowed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_corner" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"librarian_id" integer,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_number_lock" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"class_code" text NOT NULL,
	"book_no" text NOT NULL,
	"holder" text NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_number_seq" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"class_code" text NOT NULL,
	"next" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clc_class" (
	"id" serial PRIMARY KEY NOT NULL,
	"scheme" text NOT NULL,
	"school_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"level" integer NOT NULL,
	"parent_code" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clc_class_scheme_school_code_uq" UNIQUE NULLS NOT DISTINCT("scheme","school_id","code")
);
--> statement-breakpoint
CREATE TABLE "home_shortcut" (
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"menu_code" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "home_shortcut_school_id_user_id_menu_code_pk" PRIMARY KEY("school_id","user_id","menu_code")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"screenshot" text DEFAULT '' NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"reply" text,
	"replied_by" integer,
	"replied_by_name" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "allocation_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"batch_no" text NOT NULL,
	"copy_id" integer,
	"barcode" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"from_branch_id" integer,
	"from_location_id" integer,
	"to_branch_id" integer,
	"to_location_id" integer,
	"via" text DEFAULT 'list' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"operator_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copy_shelf" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"copy_id" integer NOT NULL,
	"shelf_position_id" integer NOT NULL,
	"operator_id" integer,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "isbn_report" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"operator_id" integer,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_auth" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"branch_id" integer,
	"resource_type_id" integer,
	"location_id" integer,
	"can_view" boolean DEFAULT true NOT NULL,
	"can_lend" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sip2_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"terminal" text,
	"command" text NOT NULL,
	"request" text NOT NULL,
	"response" text,
	"success" boolean DEFAULT true NOT NULL,
	"ip" text,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"reader_id" integer,
	"ref" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loss_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"copy_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"barcode" text NOT NULL,
	"title" text NOT NULL,
	"reader_id" integer,
	"loan_id" integer,
	"previous_state" text NOT NULL,
	"previous_store" integer NOT NULL,
	"compensation_fen" integer NOT NULL,
	"refund_fen" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'not_compensated' NOT NULL,
	"pay_method" text,
	"option" text,
	"registered_by" integer,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"compensated_by" integer,
	"compensated_at" timestamp with time zone,
	"retrieved_by" integer,
	"retrieved_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_config" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"secure" boolean DEFAULT false NOT NULL,
	"user" text DEFAULT '' NOT NULL,
	"password" text,
	"from_address" text NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marc_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"flavour" text NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"code" text NOT NULL,
	"menu_name" text NOT NULL,
	"menu_en_name" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"functions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"edited" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_menu_off" (
	"school_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	CONSTRAINT "school_menu_off_school_id_menu_id_pk" PRIMARY KEY("school_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "department" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"kind" text DEFAULT 'dept' NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"instructor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_contact" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"title" text NOT NULL,
	"person" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"identity" text DEFAULT 'student' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"stage_id" integer,
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_stage" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"years" integer DEFAULT 6 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_class" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"stage_id" integer,
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"head_teacher_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "barcode_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"kind" text NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"length" integer DEFAULT 0 NOT NULL,
	"check_digit" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"layout" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preprint_range" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"start_seq" integer NOT NULL,
	"end_seq" integer NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"check_digit" boolean DEFAULT false NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"printed_count" integer DEFAULT 0 NOT NULL,
	"printed_at" timestamp with time zone,
	"view_token" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"kind" text NOT NULL,
	"trigger" text NOT NULL,
	"loan_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"reservation_id" integer,
	"to_address" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT 'zh' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"ok" boolean NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"reader_id" integer,
	"title" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"isbn" text DEFAULT '' NOT NULL,
	"publisher" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"record_id" integer,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"copy_id" integer,
	"copy_level" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"hold_until" date,
	"ready_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"loan_id" integer,
	"created_by" integer,
	"handled_by" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"en_name" text,
	"address" text DEFAULT '' NOT NULL,
	"learning_period" text DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"theme_color" jsonb,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"parent_id" integer,
	"state" integer DEFAULT 1 NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_note" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setting" (
	"school_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setting_school_id_key_pk" PRIMARY KEY("school_id","key")
);
--> statement-breakpoint
CREATE TABLE "saved_query" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_standard" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"level" text NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stocktake_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"copy_id" integer NOT NULL,
	"prev_store" integer NOT NULL,
	"found_at" timestamp with time zone,
	"result" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stocktake_scan" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"barcode" text NOT NULL,
	"copy_id" integer,
	"location_id" integer,
	"call_no" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"after" text DEFAULT '' NOT NULL,
	"typed" boolean DEFAULT false NOT NULL,
	"client_id" text,
	"operator_id" integer,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stocktake_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"location_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"call_no_from" text DEFAULT '' NOT NULL,
	"call_no_to" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"expected_count" integer DEFAULT 0 NOT NULL,
	"found_count" integer DEFAULT 0 NOT NULL,
	"scan_count" integer DEFAULT 0 NOT NULL,
	"missing_count" integer DEFAULT 0 NOT NULL,
	"lost_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "weeding_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"copy_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"barcode" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"call_no" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"price_fen" integer,
	"prev_store" integer NOT NULL,
	"weeded_on" date NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer
);
--> statement-breakpoint
CREATE TABLE "translation" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"key" text NOT NULL,
	"zh" text DEFAULT '' NOT NULL,
	"en" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer,
	"user_id" integer,
	"request_id" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer,
	"account" text,
	"user_name" text,
	"action" text NOT NULL,
	"path" text NOT NULL,
	"detail" jsonb,
	"ip" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer,
	"operation_type" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"data_count" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"result_file" text,
	"state" integer DEFAULT 0 NOT NULL,
	"error" text,
	"params" jsonb,
	"key" text,
	"run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat" timestamp with time zone,
	"owner" text
);
--> statement-breakpoint
CREATE TABLE "config_version" (
	"id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sip_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"login" text NOT NULL,
	"password_hash" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"charset" text DEFAULT 'utf-8' NOT NULL,
	"lang" text DEFAULT 'zh' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "copy" ADD CONSTRAINT "copy_record_id_catalogue_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."catalogue_record"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_shelf" ADD CONSTRAINT "copy_shelf_copy_id_copy_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."copy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isbn_report" ADD CONSTRAINT "isbn_report_record_id_catalogue_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."catalogue_record"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_item" ADD CONSTRAINT "stocktake_item_session_id_stocktake_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."stocktake_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_scan" ADD CONSTRAINT "stocktake_scan_session_id_stocktake_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."stocktake_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_captcha_expires_idx" ON "login_captcha" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_log_school_time_idx" ON "login_log" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "login_log_school_id_idx" ON "login_log" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "login_log_account_time_idx" ON "login_log" USING btree (lower("account"),"created_at");--> statement-breakpoint
CREATE INDEX "login_log_ip_time_idx" ON "login_log" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_client_client_id_uq" ON "oauth_client" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_payload_pk" ON "oidc_payload" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "oidc_payload_account_idx" ON "oidc_payload" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "oidc_payload_grant_idx" ON "oidc_payload" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payload_uid_idx" ON "oidc_payload" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payload_expires_idx" ON "oidc_payload" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "role_school_name_uq" ON "role" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_school_account_uq" ON "app_user" USING btree ("school_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_school_rfid_uq" ON "app_user" USING btree ("school_id","card_rfid") WHERE "app_user"."card_rfid" is not null and "app_user"."card_rfid" <> '';--> statement-breakpoint
CREATE INDEX "app_user_account_idx" ON "app_user" USING btree (lower("account"));--> statement-breakpoint
CREATE UNIQUE INDEX "branch_school_code_uq" ON "branch" USING btree ("school_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "resource_type_school_code_uq" ON "resource_type" USING btree ("school_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "location_school_code_uq" ON "location" USING btree ("school_id","code");--> statement-breakpoint
CREATE INDEX "location_branch_idx" ON "location" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shelf_school_barcode_uq" ON "shelf" USING btree ("school_id","barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "shelf_location_code_uq" ON "shelf" USING btree ("school_id","location_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "shelf_area_location_name_uq" ON "shelf_area" USING btree ("school_id","location_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "shelf_position_school_code_uq" ON "shelf_position" USING btree ("school_id","code");--> statement-breakpoint
CREATE INDEX "shelf_position_shelf_idx" ON "shelf_position" USING btree ("shelf_id");--> statement-breakpoint
CREATE INDEX "bulletin_school_kind_idx" ON "bulletin" USING btree ("school_id","kind","published","published_at");--> statement-breakpoint
CREATE INDEX "external_link_school_idx" ON "external_link" USING btree ("school_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "library_info_school_uq" ON "library_info" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "newbook_announcement_school_idx" ON "newbook_announcement" USING btree ("school_id","published");--> statement-breakpoint
CREATE INDEX "smart_bookcase_school_idx" ON "smart_bookcase" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "capture_source_school_idx" ON "capture_source" USING btree ("school_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "acceptance_batch_school_no_uq" ON "acceptance_batch" USING btree ("school_id","batch_no");--> statement-breakpoint
CREATE INDEX "catalogue_record_school_idx" ON "catalogue_record" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "catalogue_record_isbn_idx" ON "catalogue_record" USING btree ("school_id","isbn");--> statement-breakpoint
CREATE INDEX "catalogue_record_search_idx" ON "catalogue_record" USING gin ("search");--> statement-breakpoint
CREATE INDEX "catalogue_record_title_trgm_idx" ON "catalogue_record" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_record_class_idx" ON "catalogue_record" USING btree ("school_id",upper("class_no") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "copy_school_barcode_uq" ON "copy" USING btree ("school_id","barcode");--> statement-breakpoint
CREATE INDEX "copy_record_idx" ON "copy" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "copy_school_rfid_uq" ON "copy" USING btree ("school_id","rfid") WHERE rfid <> '';--> statement-breakpoint
CREATE INDEX "copy_batch_idx" ON "copy" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "copy_callno_idx" ON "copy" USING btree ("school_id",upper("call_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "loan_conversion_loan_idx" ON "loan_conversion" USING btree ("school_id","loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_parent_uq" ON "student_parent" USING btree ("school_id","student_id","parent_id");--> statement-breakpoint
CREATE INDEX "student_parent_parent_idx" ON "student_parent" USING btree ("school_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "borrow_range_scope_uq" ON "borrow_range" USING btree ("school_id",coalesce("permission_group_id", 0),coalesce("identity", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "closed_day_school_day_uq" ON "closed_day" USING btree ("school_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_open_copy_uq" ON "loan" USING btree ("copy_id") WHERE returned_at is null;--> statement-breakpoint
CREATE INDEX "loan_open_user_idx" ON "loan" USING btree ("school_id","user_id") WHERE returned_at is null;--> statement-breakpoint
CREATE INDEX "loan_school_due_idx" ON "loan" USING btree ("school_id","due_date");--> statement-breakpoint
CREATE INDEX "loan_school_borrowed_idx" ON "loan" USING btree ("school_id","borrowed_at");--> statement-breakpoint
CREATE INDEX "loan_school_returned_idx" ON "loan" USING btree ("school_id","returned_at") WHERE returned_at is not null;--> statement-breakpoint
CREATE INDEX "loan_user_borrowed_idx" ON "loan" USING btree ("user_id","borrowed_at");--> statement-breakpoint
CREATE INDEX "loan_copy_borrowed_idx" ON "loan" USING btree ("copy_id","borrowed_at");--> statement-breakpoint
CREATE INDEX "loan_deferral_loan_idx" ON "loan_deferral" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_deferral_school_idx" ON "loan_deferral" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_rule_scope_uq" ON "loan_rule" USING btree ("school_id",coalesce("identity", ''),coalesce("permission_group_id", 0),coalesce("resource_type_id", 0),coalesce("location_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "class_corner_class_uq" ON "class_corner" USING btree ("school_id","class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_corner_location_uq" ON "class_corner" USING btree ("school_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "book_number_lock_uq" ON "book_number_lock" USING btree ("school_id","class_code","book_no");--> statement-breakpoint
CREATE UNIQUE INDEX "book_number_seq_school_class_uq" ON "book_number_seq" USING btree ("school_id","class_code");--> statement-breakpoint
CREATE INDEX "clc_class_parent_idx" ON "clc_class" USING btree ("scheme","parent_code","sort");--> statement-breakpoint
CREATE INDEX "clc_class_code_prefix_idx" ON "clc_class" USING btree ("scheme","code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clc_class_name_trgm_idx" ON "clc_class" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "feedback_school_state_idx" ON "feedback" USING btree ("school_id","state","id");--> statement-breakpoint
CREATE INDEX "allocation_record_school_time_idx" ON "allocation_record" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "allocation_record_batch_idx" ON "allocation_record" USING btree ("school_id","batch_no");--> statement-breakpoint
CREATE UNIQUE INDEX "copy_shelf_copy_uq" ON "copy_shelf" USING btree ("copy_id");--> statement-breakpoint
CREATE INDEX "copy_shelf_position_idx" ON "copy_shelf" USING btree ("shelf_position_id");--> statement-breakpoint
CREATE UNIQUE INDEX "isbn_report_record_uq" ON "isbn_report" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resource_auth_scope_uq" ON "resource_auth" USING btree ("school_id",coalesce("branch_id", 0),coalesce("resource_type_id", 0),coalesce("location_id", 0));--> statement-breakpoint
CREATE INDEX "sip2_log_school_time_idx" ON "sip2_log" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "sip2_log_school_id_idx" ON "sip2_log" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entry_school_time_idx" ON "ledger_entry" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loss_record_order_uq" ON "loss_record" USING btree ("school_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "loss_record_open_copy_uq" ON "loss_record" USING btree ("copy_id") WHERE state <> 'retrieved';--> statement-breakpoint
CREATE INDEX "loss_record_school_time_idx" ON "loss_record" USING btree ("school_id","registered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marc_rule_school_flavour_idx" ON "marc_rule" USING btree ("school_id","flavour");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_code_uq" ON "menu" USING btree ("code");--> statement-breakpoint
CREATE INDEX "department_school_kind_idx" ON "department" USING btree ("school_id","kind");--> statement-breakpoint
CREATE INDEX "department_parent_idx" ON "department" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_group_school_name_uq" ON "permission_group" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_school_name_uq" ON "grade" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_stage_school_name_uq" ON "learning_stage" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "school_class_grade_name_uq" ON "school_class" USING btree ("school_id","grade_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_school_name_uq" ON "subject" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "term_school_name_uq" ON "term" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "barcode_rule_school_kind_uq" ON "barcode_rule" USING btree ("school_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "label_template_school_name_uq" ON "label_template" USING btree ("school_id","kind","name");--> statement-breakpoint
CREATE INDEX "label_template_school_idx" ON "label_template" USING btree ("school_id","kind");--> statement-breakpoint
CREATE INDEX "preprint_range_school_idx" ON "preprint_range" USING btree ("school_id","prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "preprint_range_token_uq" ON "preprint_range" USING btree ("view_token");--> statement-breakpoint
CREATE INDEX "reminder_log_school_time_idx" ON "reminder_log" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "reminder_log_reader_idx" ON "reminder_log" USING btree ("school_id","reader_id","kind");--> statement-breakpoint
CREATE INDEX "recommendation_school_state_idx" ON "recommendation" USING btree ("school_id","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_active_uq" ON "reservation" USING btree ("school_id","reader_id","record_id") WHERE state in ('waiting', 'ready');--> statement-breakpoint
CREATE INDEX "reservation_queue_idx" ON "reservation" USING btree ("school_id","record_id","state","created_at");--> statement-breakpoint
CREATE INDEX "reservation_copy_idx" ON "reservation" USING btree ("copy_id") WHERE state = 'ready';--> statement-breakpoint
CREATE INDEX "reservation_school_state_idx" ON "reservation" USING btree ("school_id","state","hold_until");--> statement-breakpoint
CREATE UNIQUE INDEX "school_code_uq" ON "school" USING btree ("code");--> statement-breakpoint
CREATE INDEX "release_note_school_idx" ON "release_note" USING btree ("school_id","state","published_at");--> statement-breakpoint
CREATE INDEX "saved_query_school_idx" ON "saved_query" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "library_standard_school_level_uq" ON "library_standard" USING btree ("school_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "stocktake_item_session_copy_uq" ON "stocktake_item" USING btree ("session_id","copy_id");--> statement-breakpoint
CREATE INDEX "stocktake_item_copy_idx" ON "stocktake_item" USING btree ("copy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stocktake_scan_session_seq_uq" ON "stocktake_scan" USING btree ("session_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "stocktake_scan_client_uq" ON "stocktake_scan" USING btree ("session_id","client_id");--> statement-breakpoint
CREATE INDEX "stocktake_scan_session_barcode_idx" ON "stocktake_scan" USING btree ("session_id","barcode");--> statement-breakpoint
CREATE INDEX "stocktake_session_school_idx" ON "stocktake_session" USING btree ("school_id","state");--> statement-breakpoint
CREATE INDEX "weeding_record_school_idx" ON "weeding_record" USING btree ("school_id","weeded_on");--> statement-breakpoint
CREATE INDEX "weeding_record_copy_idx" ON "weeding_record" USING btree ("copy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "translation_school_key_uq" ON "translation" USING btree ("school_id","key");--> statement-breakpoint
CREATE INDEX "error_log_time_idx" ON "error_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operation_log_school_id_idx" ON "operation_log" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "operation_log_school_time_idx" ON "operation_log" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "job_school_user_idx" ON "job" USING btree ("school_id","user_id","id");--> statement-breakpoint
CREATE INDEX "job_state_idx" ON "job" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "job_key_uq" ON "job" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "sip_account_login_uq" ON "sip_account" USING btree ("login");