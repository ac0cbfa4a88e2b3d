CREATE TABLE "account_closures" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reason" integer,
	"remark" text,
	"closed_at" timestamp with time zone NOT NULL,
	"erase_after" timestamp with time zone NOT NULL,
	"erased_at" timestamp with time zone,
	"phone_cipher" text,
	"phone_index" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_closures_due_idx" ON "account_closures" USING btree ("erased_at","erase_after");--> statement-breakpoint
CREATE INDEX "account_closures_phone_idx" ON "account_closures" USING btree ("phone_index");--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("user_id","id");