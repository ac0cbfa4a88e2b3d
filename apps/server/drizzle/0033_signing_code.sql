ALTER TABLE "contract_acceptances" ADD COLUMN "signed_with" text DEFAULT 'tick' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_acceptances" ADD COLUMN "accepted_at_vietnam" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_acceptances" ADD COLUMN "code_phone" text;--> statement-breakpoint
ALTER TABLE "contract_acceptances" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "contract_acceptances" ADD COLUMN "otp_code_id" uuid;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "signing_code" text DEFAULT 'required' NOT NULL;--> statement-breakpoint
-- Decision 112: products already lending keep working for the family's native clients (they cannot send a code).
UPDATE "loan_products" SET "signing_code" = 'optional';
