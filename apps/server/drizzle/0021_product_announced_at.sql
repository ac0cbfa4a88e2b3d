ALTER TABLE "loan_products" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
-- New products already open were announced when they were saved; only those still to open wait for the loan jobs.
UPDATE "loan_products" SET "announced_at" = now() WHERE "new_sign" AND "active" AND ("active_from" IS NULL OR "active_from" <= now());
