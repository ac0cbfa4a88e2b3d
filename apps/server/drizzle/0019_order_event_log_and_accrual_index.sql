DROP INDEX "ledger_entries_borrower_idx";--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "event_log" text;--> statement-breakpoint
CREATE INDEX "loan_orders_repaying_idx" ON "loan_orders" USING btree ("id") WHERE "loan_orders"."state" = 'repaying';