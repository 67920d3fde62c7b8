CREATE TABLE "help_article_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "void_cheque" text;--> statement-breakpoint
ALTER TABLE "help_article_slugs" ADD CONSTRAINT "help_article_slugs_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_article_slugs_article_idx" ON "help_article_slugs" USING btree ("article_id");--> statement-breakpoint
-- A dealer's void cheque was kept in "image", the field every answer shows as the avatar: it moves to its own column.
UPDATE "users" SET "void_cheque" = "image", "image" = NULL WHERE "image" LIKE '/private/%';--> statement-breakpoint
-- Phone numbers are kept as digits only (spaces, dashes, brackets and dots were stored as typed).
UPDATE "users" SET "phone" = regexp_replace("phone", '[^0-9]', '', 'g') WHERE "phone" ~ '[^0-9]';--> statement-breakpoint
-- Slugs are at most 80 characters of a-z, 0-9 and single hyphens. One made before the rule keeps working: it is kept
-- as a former slug (redirecting) and the article gets a new one, its text cut to 71 characters plus 8 of its id.
INSERT INTO "help_article_slugs" ("slug", "article_id")
  SELECT "slug", "id" FROM "help_articles" WHERE length("slug") > 80 OR "slug" !~ '^[a-z0-9]+(-[a-z0-9]+)*$';--> statement-breakpoint
UPDATE "help_articles"
  SET "slug" = coalesce(nullif(rtrim(left(trim(both '-' from regexp_replace(lower("slug"), '[^a-z0-9]+', '-', 'g')), 71), '-'), '') || '-', 'article-')
    || left(md5("id"::text), 8)
  WHERE length("slug") > 80 OR "slug" !~ '^[a-z0-9]+(-[a-z0-9]+)*$';
