CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event" text NOT NULL,
	"key" text NOT NULL,
	"loan_id" text,
	"borrower_id" text,
	"business_date" date NOT NULL,
	"memo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"account_code" text NOT NULL,
	"owner_id" text,
	"debit" bigint NOT NULL,
	"credit" bigint NOT NULL,
	CONSTRAINT "ledger_lines_one_side" CHECK (("ledger_lines"."debit" > 0 and "ledger_lines"."credit" = 0) or ("ledger_lines"."credit" > 0 and "ledger_lines"."debit" = 0))
);
--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_key_idx" ON "ledger_entries" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_entries_loan_idx" ON "ledger_entries" USING btree ("loan_id","event");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_one_disbursement_idx" ON "ledger_entries" USING btree ("loan_id") WHERE "ledger_entries"."event" = 'disbursement';--> statement-breakpoint
CREATE INDEX "ledger_entries_borrower_idx" ON "ledger_entries" USING btree ("borrower_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account_code","owner_id");