ALTER TABLE "loan_reminders" ADD COLUMN "refused_rule" text;--> statement-breakpoint
-- The repayment reminders' in-app message (also texted, unaccented) on the approved list: every
-- contact passes the governor, reminders too (decision 108). Overdue reminders use overdue_message.
INSERT INTO "collection_templates" ("code", "channel", "body", "approved") VALUES
  ('due_reminder_message', 'message', 'The borrower app''s repayment reminder before and on the due date: the order, the amount and the due date, in the borrower''s language (also texted, unaccented).', true);
