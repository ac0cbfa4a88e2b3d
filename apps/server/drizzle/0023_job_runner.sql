CREATE TABLE "job_leases" (
	"job" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "job_runs_job_business_date_idx";--> statement-breakpoint
ALTER TABLE "job_runs" ALTER COLUMN "finished_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ALTER COLUMN "result" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "period" text;--> statement-breakpoint
UPDATE "job_runs" SET "period" = "business_date"::text;--> statement-breakpoint
ALTER TABLE "job_runs" ALTER COLUMN "period" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "holder" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_job_period_idx" ON "job_runs" USING btree ("job","period");--> statement-breakpoint
ALTER TABLE "job_runs" DROP COLUMN "business_date";