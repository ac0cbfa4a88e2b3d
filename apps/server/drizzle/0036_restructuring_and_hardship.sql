CREATE TABLE "hardship_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hardship_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"monthly_amount" bigint NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "hardship_requests_monthly_amount" CHECK ("hardship_requests"."monthly_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_restructures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_restructures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"request_id" bigint,
	"proposal_id" integer NOT NULL,
	"state" text DEFAULT 'offered' NOT NULL,
	"plan_nums" integer NOT NULL,
	"period_days" integer NOT NULL,
	"waive_overdue_fee" bigint NOT NULL,
	"waive_interest" bigint NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"accepted_on" date,
	"result" jsonb,
	"accepted_at_vietnam" text,
	"ip" text,
	"device_id" text,
	"user_agent" text,
	"signed_with" text,
	"code_phone" text,
	"code_hash" text,
	"otp_code_id" uuid,
	"text_hash" text,
	CONSTRAINT "loan_restructures_proposal_id_unique" UNIQUE("proposal_id"),
	CONSTRAINT "loan_restructures_terms" CHECK ("loan_restructures"."plan_nums" > 0 and "loan_restructures"."period_days" > 0 and "loan_restructures"."waive_overdue_fee" >= 0 and "loan_restructures"."waive_interest" >= 0)
);
--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD COLUMN "restructure_id" bigint;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "restructured_on" date;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "watch_until" date;--> statement-breakpoint
ALTER TABLE "hardship_requests" ADD CONSTRAINT "hardship_requests_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardship_requests" ADD CONSTRAINT "hardship_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_restructures" ADD CONSTRAINT "loan_restructures_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_restructures" ADD CONSTRAINT "loan_restructures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_restructures" ADD CONSTRAINT "loan_restructures_request_id_hardship_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."hardship_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_restructures" ADD CONSTRAINT "loan_restructures_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hardship_requests_one_open_idx" ON "hardship_requests" USING btree ("order_id") WHERE "hardship_requests"."state" in ('open', 'offered');--> statement-breakpoint
CREATE INDEX "hardship_requests_state_idx" ON "hardship_requests" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_restructures_one_offered_idx" ON "loan_restructures" USING btree ("order_id") WHERE "loan_restructures"."state" = 'offered';--> statement-breakpoint
CREATE INDEX "loan_restructures_order_idx" ON "loan_restructures" USING btree ("order_id","id");