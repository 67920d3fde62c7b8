CREATE TABLE "installer_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contractor_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"description_en" text NOT NULL,
	"description_fr" text,
	"postal_code" text NOT NULL,
	"fsa" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_km" integer NOT NULL,
	"product_families" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"capacity_per_month" integer NOT NULL,
	"visible" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installer_profiles_contractor_id_unique" UNIQUE("contractor_id"),
	CONSTRAINT "installer_profiles_radius_range" CHECK ("installer_profiles"."radius_km" BETWEEN 10 AND 300),
	CONSTRAINT "installer_profiles_capacity_positive" CHECK ("installer_profiles"."capacity_per_month" >= 1)
);
--> statement-breakpoint
ALTER TABLE "installer_profiles" ADD CONSTRAINT "installer_profiles_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installer_profiles_location_idx" ON "installer_profiles" USING btree ("latitude","longitude");