CREATE TYPE "public"."commission_kind" AS ENUM('accrual', 'reversal');--> statement-breakpoint
CREATE TYPE "public"."order_action" AS ENUM('place', 'pay', 'process', 'ship', 'deliver', 'cancel', 'refund', 'settle');--> statement-breakpoint
CREATE TYPE "public"."order_actor" AS ENUM('admin', 'dealer', 'buyer', 'system');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending_payment', 'paid', 'on_account', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('account', 'card');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('account', 'stripe', 'test');--> statement-breakpoint
CREATE TYPE "public"."tax_code" AS ENUM('GST', 'HST', 'PST', 'QST', 'RST');--> statement-breakpoint
CREATE TYPE "public"."transaction_kind" AS ENUM('payment', 'refund', 'account_charge', 'account_settlement');--> statement-breakpoint
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "commission_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dealer_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "commission_kind" NOT NULL,
	"transaction_id" uuid,
	"base_cents" integer NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_entries_transaction_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"buyer_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"discount_percent" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"min_subtotal_cents" integer,
	"category_id" uuid,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_percent_range" CHECK ("coupons"."discount_percent" BETWEEN 1 AND 100),
	CONSTRAINT "coupons_used_within_limit" CHECK ("coupons"."used_count" >= 0 AND ("coupons"."usage_limit" IS NULL OR "coupons"."used_count" <= "coupons"."usage_limit")),
	CONSTRAINT "coupons_dates_in_order" CHECK ("coupons"."starts_at" IS NULL OR "coupons"."ends_at" IS NULL OR "coupons"."ends_at" > "coupons"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "credit_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"credit_limit_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_limit_not_negative" CHECK ("credit_accounts"."credit_limit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"action" "order_action" NOT NULL,
	"from_status" "order_status",
	"to_status" "order_status" NOT NULL,
	"actor_role" "order_actor" NOT NULL,
	"actor_id" uuid,
	"note" text,
	"amount_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"category_id" uuid,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	CONSTRAINT "order_lines_order_position_unique" UNIQUE("order_id","position"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"status" "order_status" NOT NULL,
	"buyer_id" uuid,
	"buyer_role" text,
	"buyer_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"dealer_id" uuid,
	"commission_percent" numeric(5, 2),
	"locale" text DEFAULT 'en' NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"payment_provider" "payment_provider" NOT NULL,
	"payment_ref" text,
	"shipping_address" jsonb NOT NULL,
	"shipping_method" text NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"taxes" jsonb NOT NULL,
	"coupon_id" uuid,
	"coupon_code" text,
	"coupon_percent" integer,
	"carrier" text,
	"tracking_number" text,
	"payment_due_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"stock_held_until" timestamp with time zone,
	"stock_released_at" timestamp with time zone,
	"idempotency_scope" text,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_idempotency_unique" UNIQUE("idempotency_scope","idempotency_key"),
	CONSTRAINT "orders_money_not_negative" CHECK ("orders"."subtotal_cents" >= 0 AND "orders"."discount_cents" >= 0 AND "orders"."shipping_cents" >= 0 AND "orders"."tax_cents" >= 0 AND "orders"."total_cents" >= 0),
	CONSTRAINT "orders_refund_within_total" CHECK ("orders"."refunded_cents" >= 0 AND "orders"."refunded_cents" <= "orders"."total_cents")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" "payment_provider" NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"province" text NOT NULL,
	"code" "tax_code" NOT NULL,
	"rate" numeric(6, 3) NOT NULL,
	"applies_to_shipping" boolean DEFAULT true NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_province_code_from_unique" UNIQUE("province","code","effective_from"),
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate" >= 0 AND "tax_rates"."rate" <= 100),
	CONSTRAINT "tax_rates_dates_in_order" CHECK ("tax_rates"."effective_to" IS NULL OR "tax_rates"."effective_to" > "tax_rates"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "transaction_kind" NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_provider_ref_unique" UNIQUE("provider","kind","provider_ref"),
	CONSTRAINT "transactions_amount_positive" CHECK ("transactions"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_entries_accrual_unique" ON "commission_entries" USING btree ("order_id") WHERE "commission_entries"."kind" = 'accrual';--> statement-breakpoint
CREATE INDEX "commission_entries_dealer_created_idx" ON "commission_entries" USING btree ("dealer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_buyer_idx" ON "coupon_redemptions" USING btree ("coupon_id","buyer_key");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_lower_unique" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_dealer_created_idx" ON "orders" USING btree ("dealer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_hold_idx" ON "orders" USING btree ("stock_held_until") WHERE "orders"."status" = 'pending_payment' AND "orders"."stock_released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_payment_ref_idx" ON "orders" USING btree ("payment_ref");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("run_at") WHERE "outbox"."done_at" IS NULL AND "outbox"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "transactions_order_idx" ON "transactions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at","id");
--> statement-breakpoint
-- The rates in force when orders began (DESIGN.md), Nova Scotia with its 2025-04-01 change; later changes are added by admins.
INSERT INTO "tax_rates" ("province", "code", "rate", "effective_from", "effective_to") VALUES
  ('AB', 'GST', 5, '2008-01-01', NULL),
  ('NT', 'GST', 5, '2008-01-01', NULL),
  ('NU', 'GST', 5, '2008-01-01', NULL),
  ('YT', 'GST', 5, '2008-01-01', NULL),
  ('BC', 'GST', 5, '2008-01-01', NULL),
  ('BC', 'PST', 7, '2013-04-01', NULL),
  ('MB', 'GST', 5, '2008-01-01', NULL),
  ('MB', 'RST', 7, '2019-07-01', NULL),
  ('SK', 'GST', 5, '2008-01-01', NULL),
  ('SK', 'PST', 6, '2017-03-23', NULL),
  ('QC', 'GST', 5, '2008-01-01', NULL),
  ('QC', 'QST', 9.975, '2013-01-01', NULL),
  ('ON', 'HST', 13, '2010-07-01', NULL),
  ('NB', 'HST', 15, '2016-07-01', NULL),
  ('NL', 'HST', 15, '2016-07-01', NULL),
  ('PE', 'HST', 15, '2016-10-01', NULL),
  ('NS', 'HST', 15, '2010-07-01', '2025-04-01'),
  ('NS', 'HST', 14, '2025-04-01', NULL);
