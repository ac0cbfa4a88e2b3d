CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_daily_counts" (
	"day" text PRIMARY KEY NOT NULL,
	"sent" integer NOT NULL
);
