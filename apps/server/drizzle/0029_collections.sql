CREATE TABLE "collection_buckets" (
	"code" text PRIMARY KEY NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer,
	"position" integer NOT NULL,
	CONSTRAINT "collection_buckets_range" CHECK ("collection_buckets"."min_days" >= 1 and ("collection_buckets"."max_days" is null or "collection_buckets"."max_days" >= "collection_buckets"."min_days"))
);
--> statement-breakpoint
CREATE TABLE "collection_cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"bucket" text NOT NULL,
	"days_past_due" integer NOT NULL,
	"assignee_id" integer,
	"assigned_by" text,
	"assigned_at" timestamp with time zone,
	"opened_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" text
);
--> statement-breakpoint
CREATE TABLE "collection_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"refused_rule" text,
	"outcome" text,
	"template" text,
	"target_masked" text DEFAULT '' NOT NULL,
	"target_kind" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"dunning_key" text,
	"business_date" date NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_dunning_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_dunning_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"day_past_due" integer NOT NULL,
	"template" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_promises" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_promises_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"promised_date" date NOT NULL,
	"made_on" date NOT NULL,
	"status" text NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "collection_promises_amount" CHECK ("collection_promises"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "collection_templates" (
	"code" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"body" text NOT NULL,
	"approved" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_cases" ADD CONSTRAINT "collection_cases_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_cases" ADD CONSTRAINT "collection_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_cases" ADD CONSTRAINT "collection_cases_assignee_id_operators_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_case_id_collection_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."collection_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_promises" ADD CONSTRAINT "collection_promises_case_id_collection_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."collection_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_promises" ADD CONSTRAINT "collection_promises_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_promises" ADD CONSTRAINT "collection_promises_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_cases_open_order_idx" ON "collection_cases" USING btree ("order_id") WHERE "collection_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "collection_cases_open_idx" ON "collection_cases" USING btree ("bucket","assignee_id") WHERE "collection_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "collection_cases_user_idx" ON "collection_cases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "collection_contacts_case_idx" ON "collection_contacts" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "collection_contacts_user_day_idx" ON "collection_contacts" USING btree ("user_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_contacts_dunning_sent_idx" ON "collection_contacts" USING btree ("case_id","dunning_key") WHERE "collection_contacts"."dunning_key" is not null and "collection_contacts"."status" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "collection_contacts_dunning_refused_idx" ON "collection_contacts" USING btree ("case_id","dunning_key","refused_rule") WHERE "collection_contacts"."dunning_key" is not null and "collection_contacts"."status" = 'refused';--> statement-breakpoint
CREATE UNIQUE INDEX "collection_dunning_rules_day_template_idx" ON "collection_dunning_rules" USING btree ("day_past_due","template");--> statement-breakpoint
CREATE INDEX "collection_promises_case_idx" ON "collection_promises" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "collection_promises_open_idx" ON "collection_promises" USING btree ("promised_date") WHERE "collection_promises"."status" = 'open';--> statement-breakpoint
-- The defaults, as data (decisions 098, 099): the days-past-due buckets, the approved templates
-- (no threats, no shaming, no links) and the dunning steps.
INSERT INTO "collection_buckets" ("code", "min_days", "max_days", "position") VALUES
  ('1-10', 1, 10, 1), ('11-30', 11, 30, 2), ('31-90', 31, 90, 3), ('91-180', 91, 180, 4), ('180+', 181, NULL, 5);
--> statement-breakpoint
INSERT INTO "collection_templates" ("code", "channel", "body", "approved") VALUES
  ('overdue_notice', 'sms', 'Khoan vay {orderNo} da qua han {daysPastDue} ngay, so tien can thanh toan {amount} VND. Vui long thanh toan qua ung dung hoac chuyen khoan theo huong dan. Cam on quy khach.', true),
  ('overdue_reminder', 'sms', 'Nhac nho: khoan vay {orderNo} con {amount} VND qua han {daysPastDue} ngay. Neu gap kho khan, quy khach vui long lien he tong dai de duoc ho tro.', true),
  ('promise_reminder', 'sms', 'Cam on quy khach da hen thanh toan khoan vay {orderNo}. So tien con lai {amount} VND.', true),
  ('overdue_message', 'message', 'The borrower app''s overdue message: the order, the amount owed and the days overdue, in the borrower''s language.', true);
--> statement-breakpoint
INSERT INTO "collection_dunning_rules" ("day_past_due", "template") VALUES
  (1, 'overdue_notice'), (5, 'overdue_message'), (10, 'overdue_reminder'), (30, 'overdue_reminder');
