CREATE TABLE "operator_checks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"stage" text NOT NULL,
	"phone" text NOT NULL,
	"provider" text NOT NULL,
	"verified_company" text,
	"verified_phone" text,
	"verified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_data" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"public_id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "personal_data_public_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"full_name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"id_number_cipher" text NOT NULL,
	"id_number_index" text NOT NULL,
	"id_number_last4" text NOT NULL,
	"sex" integer NOT NULL,
	"birth_date" date NOT NULL,
	"education" integer NOT NULL,
	"marital_status" integer NOT NULL,
	"loan_purpose" integer,
	"province_id" integer NOT NULL,
	"address" text NOT NULL,
	"monthly_salary_vnd" bigint NOT NULL,
	"salary_band" integer NOT NULL,
	"email" text,
	"job_nature" integer,
	"industry" integer,
	"work_time" integer,
	"zalo_account" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_data_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "personal_data_id_number_index_unique" UNIQUE("id_number_index")
);
--> statement-breakpoint
CREATE TABLE "work_info" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"public_id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "work_info_public_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"industry" integer NOT NULL,
	"company_name" text,
	"company_tel" text,
	"company_address" text,
	"email" text NOT NULL,
	"purpose" integer,
	"facebook_uid" text NOT NULL,
	"facebook_account" text,
	"telegram_account" text,
	"zalo_account" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_info_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "operator_checks" ADD CONSTRAINT "operator_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data" ADD CONSTRAINT "personal_data_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_info" ADD CONSTRAINT "work_info_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;