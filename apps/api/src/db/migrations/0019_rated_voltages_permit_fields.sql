-- A heater's rated voltages (the layout generator never runs one above the highest) and the least insulation
-- resistance its maker states (null: 100 MΩ). Every heater so far was rated at the one voltage its figures are given at.
ALTER TABLE "products" ADD COLUMN "rated_voltages" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_insulation_mohm" numeric(12, 3);--> statement-breakpoint
UPDATE "products" SET "rated_voltages" = ARRAY["voltage"] WHERE "kind" IN ('mat', 'cable') AND "voltage" IS NOT NULL;--> statement-breakpoint
-- What a permit pack names beside the design: the site, its owner (the homeowner, not the installer) and the installer.
ALTER TABLE "designs" ADD COLUMN "site_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "site_owner" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "installer_company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "installer_licence" text DEFAULT '' NOT NULL;
