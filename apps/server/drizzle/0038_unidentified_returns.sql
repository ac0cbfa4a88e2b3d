ALTER TABLE "unidentified_transfers" ADD COLUMN "return_transfer_id" bigint;--> statement-breakpoint
ALTER TABLE "unidentified_transfers" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unidentified_transfers" ADD CONSTRAINT "unidentified_transfers_return_transfer_id_bank_transfers_id_fk" FOREIGN KEY ("return_transfer_id") REFERENCES "public"."bank_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unidentified_transfers_return_idx" ON "unidentified_transfers" USING btree ("return_transfer_id");