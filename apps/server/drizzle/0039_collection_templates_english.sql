ALTER TABLE "collection_templates" ADD COLUMN "body_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The shipped templates in English (decision 122): an SMS to a borrower whose language is English
-- goes in English. The in-app messages' rows describe the borrower app's message in both languages.
UPDATE "collection_templates" SET "body_en" = CASE "code"
  WHEN 'overdue_notice' THEN 'Your loan {orderNo} is {daysPastDue} days overdue; the amount due is {amount} VND. Please pay in the app or by bank transfer as instructed. Thank you.'
  WHEN 'overdue_reminder' THEN 'Reminder: loan {orderNo} has {amount} VND overdue for {daysPastDue} days. If you are having difficulty, please call our hotline for help.'
  WHEN 'promise_reminder' THEN 'Thank you for arranging to pay loan {orderNo}. The amount remaining is {amount} VND.'
  WHEN 'overdue_message' THEN "body"
  WHEN 'due_reminder_message' THEN "body"
  ELSE "body_en" END;
--> statement-breakpoint
UPDATE "collection_templates" SET "body" = CASE "code"
  WHEN 'overdue_message' THEN 'Tin nhắn quá hạn của ứng dụng: mã khoản vay, số tiền còn nợ và số ngày quá hạn, bằng ngôn ngữ của người vay.'
  WHEN 'due_reminder_message' THEN 'Tin nhắc trả nợ của ứng dụng trước và vào ngày đến hạn: mã khoản vay, số tiền và ngày đến hạn, bằng ngôn ngữ của người vay (cũng gửi SMS không dấu).'
  ELSE "body" END
  WHERE "code" IN ('overdue_message', 'due_reminder_message');
