CREATE TABLE "cache_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "cache_versions" ("name") VALUES ('catalogue'), ('academy'), ('users');
--> statement-breakpoint
-- Bumps the version of the domain named by the trigger's argument, once per transaction: the trigger
-- is deferred to commit, so the row lock on cache_versions is held only for the commit itself, and a
-- transaction-local flag skips every row after the first. A rolled-back write bumps nothing.
CREATE FUNCTION "bump_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  flag text := 'meltway.bumped_' || TG_ARGV[0];
BEGIN
  IF coalesce(current_setting(flag, true), '') <> '1' THEN
    PERFORM set_config(flag, '1', true);
    UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "name" = TG_ARGV[0];
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "categories_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "brands_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "brands" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "suppliers_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "suppliers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_images_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "product_images" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "authors_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "authors" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('academy');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "documents_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "documents" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('academy');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "assignments_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "assignments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('academy');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "certifications_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "certifications" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('academy');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "courses_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "courses" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('academy');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "course_sections_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "course_sections" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('academy');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "lessons_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "lessons" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('academy');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('users');
