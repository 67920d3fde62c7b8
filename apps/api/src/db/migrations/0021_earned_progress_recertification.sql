CREATE TABLE "quiz_sheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"layout" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_sheets_open_unique" UNIQUE("user_id","course_id","assignment_id")
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_attempts" DROP CONSTRAINT "quiz_attempts_number_unique";--> statement-breakpoint
ALTER TABLE "certifications" DROP CONSTRAINT "certifications_attempts_limit_range";--> statement-breakpoint
DROP INDEX "certificates_one_live_idx";--> statement-breakpoint
ALTER TABLE "certifications" ALTER COLUMN "attempts_limit" SET DEFAULT 3;--> statement-breakpoint
-- Every certification limits its attempts now: one that had no limit gets the default of 3 in a row.
UPDATE "certifications" SET "attempts_limit" = 3 WHERE "attempts_limit" IS NULL;--> statement-breakpoint
ALTER TABLE "certifications" ALTER COLUMN "attempts_limit" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_progress" ALTER COLUMN "seen_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "lesson_progress" ALTER COLUMN "seen_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "draw_count" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "retry_wait_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "cycle_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "opened_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "watched_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "layout" jsonb;--> statement-breakpoint
ALTER TABLE "quiz_sheets" ADD CONSTRAINT "quiz_sheets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_sheets" ADD CONSTRAINT "quiz_sheets_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_sheets" ADD CONSTRAINT "quiz_sheets_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_live_idx" ON "certificates" USING btree ("user_id","course_id","cycle") WHERE "certificates"."revoked_at" IS NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_number_unique" UNIQUE("user_id","course_id","assignment_id","cycle","attempt_number");--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_draw_count_range" CHECK ("assignments"."draw_count" IS NULL OR "assignments"."draw_count" >= 1);--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_retry_wait_hours_range" CHECK ("certifications"."retry_wait_hours" BETWEEN 0 AND 720);--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_attempts_limit_range" CHECK ("certifications"."attempts_limit" BETWEEN 1 AND 100);--> statement-breakpoint
-- A lesson opened before this counted at once; it was opened when it was seen.
UPDATE "lesson_progress" SET "opened_at" = "seen_at" WHERE "seen_at" IS NOT NULL;--> statement-breakpoint
-- A quiz lesson counts only once its quiz is passed: one marked seen without a passed attempt no longer counts.
UPDATE "lesson_progress" SET "seen_at" = NULL
  WHERE "lesson_id" IN (SELECT "id" FROM "lessons" WHERE "type" = 'assignment')
    AND NOT EXISTS (
      SELECT 1 FROM "quiz_attempts" a JOIN "lessons" l ON l."assignment_id" = a."assignment_id"
      WHERE l."id" = "lesson_progress"."lesson_id" AND a."user_id" = "lesson_progress"."user_id"
        AND a."course_id" = "lesson_progress"."course_id" AND a."passed"
    );
