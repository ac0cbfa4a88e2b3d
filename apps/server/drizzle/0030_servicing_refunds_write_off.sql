CREATE TABLE "refund_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"proposal_id" integer,
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
	CONSTRAINT "refund_attempts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "refund_attempts_amount" CHECK ("refund_attempts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD COLUMN "written_off_principal" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD COLUMN "written_off_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD COLUMN "written_off_interest" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD COLUMN "written_off_overdue_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "written_off_on" date;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "recovered" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD COLUMN "recovered" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_attempts" ADD CONSTRAINT "refund_attempts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_attempts" ADD CONSTRAINT "refund_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_attempts" ADD CONSTRAINT "refund_attempts_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_attempts" ADD CONSTRAINT "refund_attempts_receiving_account_id_receiving_accounts_id_fk" FOREIGN KEY ("receiving_account_id") REFERENCES "public"."receiving_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_attempts_one_live_idx" ON "refund_attempts" USING btree ("order_id") WHERE "refund_attempts"."state" in ('created', 'submitting', 'pending');--> statement-breakpoint
CREATE INDEX "refund_attempts_order_idx" ON "refund_attempts" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "refund_attempts_due_idx" ON "refund_attempts" USING btree ("next_check_at") WHERE "refund_attempts"."state" in ('created', 'submitting', 'pending');