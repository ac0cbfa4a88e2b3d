CREATE TABLE "credit_manual_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_manual_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"cause" text NOT NULL,
	"status" text NOT NULL,
	"engine_outcome" text NOT NULL,
	"engine_limit" bigint NOT NULL,
	"suggested_limit" bigint NOT NULL,
	"rule_results" jsonb NOT NULL,
	"reasons" jsonb NOT NULL,
	"inputs" jsonb NOT NULL,
	"policy_version" text NOT NULL,
	"rules_version" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"appeal_reason" text,
	"opened_by" integer,
	"asked_at" timestamp with time zone,
	"asked_by" integer,
	"question" text,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"decision" text,
	"credit_limit" bigint,
	"decision_reason" text,
	CONSTRAINT "credit_manual_reviews_review_id_unique" UNIQUE("review_id")
);
--> statement-breakpoint
CREATE TABLE "credit_rule_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"proposal_id" integer,
	"proposed_by" integer,
	"approved_by" integer
);
--> statement-breakpoint
CREATE TABLE "dashboard_daily" (
	"business_date" date PRIMARY KEY NOT NULL,
	"applications" integer NOT NULL,
	"application_amount" bigint NOT NULL,
	"approved" integer NOT NULL,
	"rejected" integer NOT NULL,
	"calm" integer NOT NULL,
	"manual" integer NOT NULL,
	"queued" integer NOT NULL,
	"payouts" integer NOT NULL,
	"payout_amount" bigint NOT NULL,
	"payout_principal" bigint NOT NULL,
	"repayments" integer NOT NULL,
	"repayment_amount" bigint NOT NULL,
	"outstanding_principal" bigint NOT NULL,
	"overdue_1_10_loans" integer NOT NULL,
	"overdue_1_10" bigint NOT NULL,
	"overdue_11_30_loans" integer NOT NULL,
	"overdue_11_30" bigint NOT NULL,
	"overdue_31_90_loans" integer NOT NULL,
	"overdue_31_90" bigint NOT NULL,
	"overdue_91_180_loans" integer NOT NULL,
	"overdue_91_180" bigint NOT NULL,
	"overdue_over_180_loans" integer NOT NULL,
	"overdue_over_180" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "credit_accounts_pending_idx";--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "in_manual_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_decisions" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "credit_decisions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "credit_manual_reviews" ADD CONSTRAINT "credit_manual_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_manual_reviews" ADD CONSTRAINT "credit_manual_reviews_opened_by_operators_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_manual_reviews" ADD CONSTRAINT "credit_manual_reviews_asked_by_operators_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_manual_reviews" ADD CONSTRAINT "credit_manual_reviews_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_rule_versions" ADD CONSTRAINT "credit_rule_versions_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_rule_versions" ADD CONSTRAINT "credit_rule_versions_proposed_by_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_rule_versions" ADD CONSTRAINT "credit_rule_versions_approved_by_operators_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_manual_reviews_open_idx" ON "credit_manual_reviews" USING btree ("requested_at","id") WHERE "credit_manual_reviews"."status" <> 'decided';--> statement-breakpoint
CREATE INDEX "credit_manual_reviews_decided_idx" ON "credit_manual_reviews" USING btree ("decided_at","id") WHERE "credit_manual_reviews"."status" = 'decided';--> statement-breakpoint
CREATE INDEX "credit_manual_reviews_requested_idx" ON "credit_manual_reviews" USING btree ("requested_at");--> statement-breakpoint
ALTER TABLE "credit_decisions" ADD CONSTRAINT "credit_decisions_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_decisions_created_idx" ON "credit_decisions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_principal_day_idx" ON "ledger_entries" USING btree ("business_date") WHERE "ledger_entries"."event" in ('disbursement', 'repayment', 'write_off');--> statement-breakpoint
CREATE INDEX "loan_orders_apply_date_idx" ON "loan_orders" USING btree ("apply_date");--> statement-breakpoint
CREATE INDEX "credit_accounts_pending_idx" ON "credit_accounts" USING btree ("review_requested_at") WHERE "credit_accounts"."review_id" is not null and not "credit_accounts"."in_manual_review";