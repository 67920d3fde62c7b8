CREATE TABLE "design_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"design_id" uuid NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "design_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"design_id" uuid NOT NULL,
	"unit" text NOT NULL,
	"phase" text NOT NULL,
	"insulation_mohm" numeric(14, 3) NOT NULL,
	"continuity_ohm" numeric(14, 3) NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_readings_unit_phase_key" UNIQUE("design_id","unit","phase"),
	CONSTRAINT "design_readings_phase_known" CHECK ("design_readings"."phase" in ('before', 'after'))
);
--> statement-breakpoint
CREATE TABLE "designs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'designed' NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"area_m2" numeric(12, 2) NOT NULL,
	"watts" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "designs_status_known" CHECK ("designs"."status" in ('designed', 'ordered', 'installed', 'inspected'))
);
--> statement-breakpoint
ALTER TABLE "design_photos" ADD CONSTRAINT "design_photos_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_readings" ADD CONSTRAINT "design_readings_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_readings" ADD CONSTRAINT "design_readings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_photos_design_idx" ON "design_photos" USING btree ("design_id","created_at");--> statement-breakpoint
CREATE INDEX "designs_owner_updated_idx" ON "designs" USING btree ("owner_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "designs_updated_idx" ON "designs" USING btree ("updated_at","id");