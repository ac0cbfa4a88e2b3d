ALTER TABLE "bank_transfers" ADD COLUMN "bank_time_as_sent" text;
--> statement-breakpoint
-- Transfers recorded before decision 127 with a bank time that cannot be read kept that text as their
-- date, so no day's reconciliation report found them: dated now by their receipt (Vietnam time, UTC+7
-- all year), the bank's text kept beside it. The webhook's body stays in "raw" as it was.
UPDATE "bank_transfers"
SET "bank_time_as_sent" = left("transaction_date", 200),
    "transaction_date" = to_char(("received_at" AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM-DD HH24:MI:SS')
WHERE "transaction_date" !~ '^\s*\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?\s*$';
