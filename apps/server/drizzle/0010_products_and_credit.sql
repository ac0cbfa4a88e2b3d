CREATE TABLE "credit_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" integer NOT NULL,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"used_amount" bigint DEFAULT 0 NOT NULL,
	"review_id" uuid,
	"review_requested_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"next_try_date" date,
	"calm_until_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"credit_limit" bigint NOT NULL,
	"policy_version" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"rule_results" jsonb NOT NULL,
	"reasons" jsonb NOT NULL,
	"next_try_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_decisions_review_id_unique" UNIQUE("review_id")
);
--> statement-breakpoint
CREATE TABLE "credit_deny_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"term_days" integer NOT NULL,
	"plan_nums" jsonb NOT NULL,
	"daily_rate_ppm" integer NOT NULL,
	"service_fee_ppm" integer NOT NULL,
	"overdue_daily_rate_ppm" integer NOT NULL,
	"tags" jsonb NOT NULL,
	"show_condition_type_sign" text,
	"jump_type" integer DEFAULT 0 NOT NULL,
	"download_url" text,
	"new_sign" boolean DEFAULT false NOT NULL,
	"active_from" timestamp with time zone,
	"active_to" timestamp with time zone,
	"daily_quota" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "product_daily_usage" (
	"product_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"loans" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_decisions" ADD CONSTRAINT "credit_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_daily_usage" ADD CONSTRAINT "product_daily_usage_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_accounts_pending_idx" ON "credit_accounts" USING btree ("review_requested_at") WHERE "credit_accounts"."review_id" is not null;--> statement-breakpoint
CREATE INDEX "credit_decisions_user_idx" ON "credit_decisions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_deny_list_kind_value_idx" ON "credit_deny_list" USING btree ("kind","value");--> statement-breakpoint
CREATE UNIQUE INDEX "product_daily_usage_product_date_idx" ON "product_daily_usage" USING btree ("product_id","business_date");