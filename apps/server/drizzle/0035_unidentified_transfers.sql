CREATE TABLE "unidentified_transfers" (
	"transfer_id" bigint PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"bank_time" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"order_id" bigint,
	"repayment_request_id" uuid,
	"proposal_id" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "unidentified_transfers_amount" CHECK ("unidentified_transfers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "unidentified_transfers" ADD CONSTRAINT "unidentified_transfers_transfer_id_bank_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."bank_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidentified_transfers" ADD CONSTRAINT "unidentified_transfers_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidentified_transfers" ADD CONSTRAINT "unidentified_transfers_repayment_request_id_repayment_requests_id_fk" FOREIGN KEY ("repayment_request_id") REFERENCES "public"."repayment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidentified_transfers" ADD CONSTRAINT "unidentified_transfers_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unidentified_transfers_state_idx" ON "unidentified_transfers" USING btree ("state","bank_time");