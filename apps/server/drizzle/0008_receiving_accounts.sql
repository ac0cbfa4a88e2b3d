CREATE TABLE "emergency_contacts" (
	"user_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"relationship" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_contacts_user_id_slot_pk" PRIMARY KEY("user_id","slot")
);
--> statement-breakpoint
CREATE TABLE "receiving_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receiving_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider_id" integer NOT NULL,
	"provider_code" text NOT NULL,
	"provider_name" text NOT NULL,
	"bin" text DEFAULT '' NOT NULL,
	"holder_name" text DEFAULT '' NOT NULL,
	"number_cipher" text NOT NULL,
	"number_index" text NOT NULL,
	"number_masked" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unbound_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD CONSTRAINT "emergency_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiving_accounts" ADD CONSTRAINT "receiving_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receiving_accounts_user_idx" ON "receiving_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receiving_accounts_one_default_idx" ON "receiving_accounts" USING btree ("user_id") WHERE "receiving_accounts"."is_default" and "receiving_accounts"."unbound_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "receiving_accounts_user_number_idx" ON "receiving_accounts" USING btree ("user_id","number_index") WHERE "receiving_accounts"."unbound_at" is null;