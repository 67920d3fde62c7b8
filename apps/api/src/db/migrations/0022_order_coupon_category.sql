-- An order keeps the category its coupon was limited to, both names as they were when it was placed, beside the
-- coupon's code and percent: its pages, mails and invoice say what the discount covered ("WINTER25: 25% off Mats").
-- Null: the coupon covered the whole order (or the order had none).
ALTER TABLE "orders" ADD COLUMN "coupon_category_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_category_name_fr" text;--> statement-breakpoint
-- Orders placed before: the category their coupon is limited to now, when the coupon still exists.
UPDATE "orders" SET "coupon_category_name" = "categories"."name", "coupon_category_name_fr" = "categories"."name_fr"
FROM "coupons" JOIN "categories" ON "categories"."id" = "coupons"."category_id"
WHERE "coupons"."id" = "orders"."coupon_id";
