CREATE TABLE "consent_withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"consent" text NOT NULL,
	"request_id" integer,
	"withdrawn_at" timestamp with time zone NOT NULL,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "data_breaches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_breaches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"discovered_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"data_affected" text NOT NULL,
	"borrowers_affected" integer NOT NULL,
	"notify_by" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"notification_reference" text,
	"notified_by" integer,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"consent" text,
	"details" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"filed_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	"acknowledge_due" date NOT NULL,
	"due" date NOT NULL,
	"extended_due" date,
	"extension_reason" text,
	"extended_by" integer,
	"extended_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"outcome" text,
	CONSTRAINT "data_requests_consent_kind" CHECK (("data_requests"."kind" = 'withdraw_consent') = ("data_requests"."consent" is not null)),
	CONSTRAINT "data_requests_extension_once" CHECK ("data_requests"."extended_due" is null or ("data_requests"."extended_due" > "data_requests"."due" and "data_requests"."extended_due" <= "data_requests"."due" + 15))
);
--> statement-breakpoint
ALTER TABLE "consent_withdrawals" ADD CONSTRAINT "consent_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_withdrawals" ADD CONSTRAINT "consent_withdrawals_request_id_data_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."data_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_breaches" ADD CONSTRAINT "data_breaches_notified_by_operators_id_fk" FOREIGN KEY ("notified_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_breaches" ADD CONSTRAINT "data_breaches_recorded_by_operators_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_extended_by_operators_id_fk" FOREIGN KEY ("extended_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_closed_by_operators_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_withdrawals_live" ON "consent_withdrawals" USING btree ("user_id","consent") WHERE "consent_withdrawals"."restored_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "data_requests_one_open_per_kind" ON "data_requests" USING btree ("user_id","kind") WHERE "data_requests"."state" = 'open';--> statement-breakpoint
CREATE INDEX "data_requests_user_idx" ON "data_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "data_requests_open_due_idx" ON "data_requests" USING btree ("due") WHERE "data_requests"."state" = 'open';