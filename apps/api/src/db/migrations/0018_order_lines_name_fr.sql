-- An order line keeps the product's French name as it was when the order was placed, beside the English one;
-- null: the product had none, and French pages and invoices show the English name.
ALTER TABLE "order_lines" ADD COLUMN "name_fr" text;
