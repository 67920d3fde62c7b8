-- Help articles and FAQs are a cached domain of their own: the help centre's public answers and the pages
-- the server renders from them are kept under this version, which any committed change of either bumps.
INSERT INTO "cache_versions" ("name") VALUES ('content');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "help_articles_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "help_articles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('content');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "faqs_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "faqs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('content');
