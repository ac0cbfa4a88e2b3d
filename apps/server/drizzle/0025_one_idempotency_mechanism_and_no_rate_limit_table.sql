DROP TABLE "idempotency_keys" CASCADE;--> statement-breakpoint
DROP TABLE "rate_limit_counters" CASCADE;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "request_hash" text;