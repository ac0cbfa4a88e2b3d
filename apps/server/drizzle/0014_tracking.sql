CREATE TABLE "ad_attributions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_attributions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_id" text NOT NULL,
	"user_id" uuid,
	"ad_id" text NOT NULL,
	"adgroup" text,
	"media_source" text,
	"refer" text
);
--> statement-breakpoint
CREATE TABLE "client_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"topic" text NOT NULL,
	"record" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_id" text NOT NULL,
	"user_id" uuid,
	"environment" text,
	"event_version" integer,
	"page" text NOT NULL,
	"previous_page" text,
	"first_page" text,
	"previous_act" text,
	"last_act" text,
	"source" text,
	"referer" text,
	"type" text,
	"code" text,
	"act" text NOT NULL,
	"result" text,
	"counter" integer,
	"event_type" text,
	"adjust_id" text,
	"push_mark" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ad_attributions_device_ad_idx" ON "ad_attributions" USING btree ("device_id","ad_id");--> statement-breakpoint
CREATE INDEX "ad_attributions_created_idx" ON "ad_attributions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "client_logs_received_idx" ON "client_logs" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "tracking_events_occurred_idx" ON "tracking_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "tracking_events_page_idx" ON "tracking_events" USING btree ("page","occurred_at");--> statement-breakpoint
CREATE INDEX "tracking_events_act_idx" ON "tracking_events" USING btree ("act","occurred_at");