CREATE TABLE "bank_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"gateway" text NOT NULL,
	"transaction_date" text NOT NULL,
	"account_number" text NOT NULL,
	"code" text,
	"content" text NOT NULL,
	"transfer_type" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference_code" text,
	"outcome" text NOT NULL,
	"repayment_request_id" uuid,
	"user_id" uuid,
	"raw" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"document" text NOT NULL,
	"version" text NOT NULL,
	"text_hash" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"device_id" text NOT NULL,
	"user_agent" text NOT NULL,
	"signature_file_id" uuid
);
--> statement-breakpoint
CREATE TABLE "loan_instalments" (
	"order_id" bigint NOT NULL,
	"plan_part" integer NOT NULL,
	"period_start" date NOT NULL,
	"due_date" date NOT NULL,
	"principal" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"scheduled_interest" bigint NOT NULL,
	"interest_charged" bigint DEFAULT 0 NOT NULL,
	"overdue_fee_charged" bigint DEFAULT 0 NOT NULL,
	"interest_micro" bigint DEFAULT 0 NOT NULL,
	"overdue_fee_micro" bigint DEFAULT 0 NOT NULL,
	"paid_principal" bigint DEFAULT 0 NOT NULL,
	"paid_fee" bigint DEFAULT 0 NOT NULL,
	"paid_interest" bigint DEFAULT 0 NOT NULL,
	"paid_overdue_fee" bigint DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "loan_instalments_order_id_plan_part_pk" PRIMARY KEY("order_id","plan_part"),
	CONSTRAINT "loan_instalments_paid_within_charged" CHECK ("loan_instalments"."paid_principal" between 0 and "loan_instalments"."principal" and "loan_instalments"."paid_fee" between 0 and "loan_instalments"."fee"
          and "loan_instalments"."paid_interest" between 0 and "loan_instalments"."interest_charged" and "loan_instalments"."paid_overdue_fee" between 0 and "loan_instalments"."overdue_fee_charged")
);
--> statement-breakpoint
CREATE TABLE "loan_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"batch_no" text,
	"state" text NOT NULL,
	"principal" bigint NOT NULL,
	"term_days" integer NOT NULL,
	"plan_nums" integer NOT NULL,
	"daily_rate_ppm" integer NOT NULL,
	"overdue_rate_ppm" integer NOT NULL,
	"service_fee" bigint NOT NULL,
	"fee_timing" text NOT NULL,
	"disbursed_amount" bigint NOT NULL,
	"receiving_account_id" bigint NOT NULL,
	"pay_way" text NOT NULL,
	"apply_date" date NOT NULL,
	"start_date" date,
	"accrued_through" date,
	"credit_held" bigint DEFAULT 0 NOT NULL,
	"disbursed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"reloan_sign" integer,
	"idempotency_key" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"imei" text DEFAULT '' NOT NULL,
	"coordinate" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "loan_orders_amounts" CHECK ("loan_orders"."principal" > 0 and "loan_orders"."service_fee" >= 0 and "loan_orders"."disbursed_amount" > 0 and "loan_orders"."credit_held" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_reminders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_part" integer NOT NULL,
	"kind" text NOT NULL,
	"business_date" date NOT NULL,
	"channels" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_repayments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_repayments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"amount" bigint NOT NULL,
	"principal" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"overdue_fee" bigint NOT NULL,
	"to_credit" bigint NOT NULL,
	"business_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"receiving_account_id" bigint NOT NULL,
	"state" text NOT NULL,
	"partner_transaction_id" text,
	"failure_code" text,
	"failure_reason" text,
	"next_check_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_attempts_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "repayment_receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repayment_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"repay_info_id" bigint,
	"repay_type" integer,
	"state" text NOT NULL,
	"amount" bigint,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repayment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"items" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"quoted_on" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repayment_requests_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "fee_timing" text DEFAULT 'deducted' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "signature_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_repayment_request_id_repayment_requests_id_fk" FOREIGN KEY ("repayment_request_id") REFERENCES "public"."repayment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_acceptances" ADD CONSTRAINT "contract_acceptances_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_acceptances" ADD CONSTRAINT "contract_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_receiving_account_id_receiving_accounts_id_fk" FOREIGN KEY ("receiving_account_id") REFERENCES "public"."receiving_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_reminders" ADD CONSTRAINT "loan_reminders_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_reminders" ADD CONSTRAINT "loan_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_attempts" ADD CONSTRAINT "payout_attempts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_attempts" ADD CONSTRAINT "payout_attempts_receiving_account_id_receiving_accounts_id_fk" FOREIGN KEY ("receiving_account_id") REFERENCES "public"."receiving_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_receipts" ADD CONSTRAINT "repayment_receipts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_receipts" ADD CONSTRAINT "repayment_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_requests" ADD CONSTRAINT "repayment_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_provider_tx_idx" ON "bank_transfers" USING btree ("provider","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "bank_transfers_outcome_idx" ON "bank_transfers" USING btree ("outcome","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_acceptances_order_document_idx" ON "contract_acceptances" USING btree ("order_id","document");--> statement-breakpoint
CREATE INDEX "loan_instalments_due_idx" ON "loan_instalments" USING btree ("due_date") WHERE "loan_instalments"."settled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_orders_user_key_idx" ON "loan_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "loan_orders_user_idx" ON "loan_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_orders_state_idx" ON "loan_orders" USING btree ("state");--> statement-breakpoint
CREATE INDEX "loan_orders_accrual_idx" ON "loan_orders" USING btree ("accrued_through","id") WHERE "loan_orders"."state" = 'repaying';--> statement-breakpoint
CREATE INDEX "loan_orders_disbursed_idx" ON "loan_orders" USING btree ("disbursed_at") WHERE "loan_orders"."disbursed_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_reminders_once_idx" ON "loan_reminders" USING btree ("order_id","plan_part","kind","business_date");--> statement-breakpoint
CREATE INDEX "loan_reminders_user_day_idx" ON "loan_reminders" USING btree ("user_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_repayments_source_order_idx" ON "loan_repayments" USING btree ("source","order_id");--> statement-breakpoint
CREATE INDEX "loan_repayments_order_idx" ON "loan_repayments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_attempts_order_attempt_idx" ON "payout_attempts" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_attempts_one_live_idx" ON "payout_attempts" USING btree ("order_id") WHERE "payout_attempts"."state" <> 'failed';--> statement-breakpoint
CREATE INDEX "payout_attempts_due_idx" ON "payout_attempts" USING btree ("next_check_at") WHERE "payout_attempts"."state" in ('created', 'submitting', 'pending');--> statement-breakpoint
CREATE INDEX "repayment_receipts_state_idx" ON "repayment_receipts" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "repayment_receipts_order_idx" ON "repayment_receipts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "repayment_requests_user_idx" ON "repayment_requests" USING btree ("user_id","created_at");