ALTER TABLE "activities" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The demo's products and banners (SEED_DEMO) of an existing database get their en and zh texts;
-- an operator's own product or banner (another code or picture) is left as it is.
UPDATE "loan_products" SET "translations" = '{"en": {"name": "Sen Express", "tags": ["0.03%/day", "Fast payout"]}, "zh": {"name": "Sen 快贷", "tags": ["0.03%/天", "快速放款"]}}'::jsonb WHERE "code" = 'sen-nhanh' AND "translations" = '{}'::jsonb;--> statement-breakpoint
UPDATE "loan_products" SET "translations" = '{"en": {"name": "Sen Flex", "tags": ["0.04%/day", "3 instalments"]}, "zh": {"name": "Sen 灵活贷", "tags": ["0.04%/天", "分3期还款"]}}'::jsonb WHERE "code" = 'sen-linh-hoat' AND "translations" = '{}'::jsonb;--> statement-breakpoint
UPDATE "loan_products" SET "translations" = '{"en": {"tags": ["0.04%/day", "Higher limit"]}, "zh": {"tags": ["0.04%/天", "高额度"]}}'::jsonb WHERE "code" = 'sen-plus' AND "translations" = '{}'::jsonb;--> statement-breakpoint
UPDATE "activities" SET "translations" = '{"en": {"summary": "Fast, safe & transparent loans", "picUrl": "/banners/sen-lotus.en.svg"}, "zh": {"summary": "快速、安全、透明的借款", "picUrl": "/banners/sen-lotus.zh.svg"}}'::jsonb WHERE "pic_url" = '/banners/sen-lotus.svg' AND "translations" = '{}'::jsonb;--> statement-breakpoint
UPDATE "activities" SET "translations" = '{"en": {"summary": "Repay on time, get a higher limit", "picUrl": "/banners/sen-growth.en.svg"}, "zh": {"summary": "按时还款，额度更高", "picUrl": "/banners/sen-growth.zh.svg"}}'::jsonb WHERE "pic_url" = '/banners/sen-growth.svg' AND "translations" = '{}'::jsonb;
