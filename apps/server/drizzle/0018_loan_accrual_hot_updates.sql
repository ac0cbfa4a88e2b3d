DROP INDEX "loan_orders_accrual_idx";--> statement-breakpoint
-- The daily accrual rewrites every repaying loan's accrued_through and its instalments' running
-- balances (decision 074). No index covers those columns, and half of each page left free lets
-- PostgreSQL update the row in place (a HOT update) instead of writing every index again.
ALTER TABLE "loan_orders" SET (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "loan_instalments" SET (fillfactor = 50);
