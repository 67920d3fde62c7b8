-- Tax rates are a cached domain of their own: every quote and placement reads the rates in force for its
-- province and day, and those change only when staff add, edit or remove a rate. Each process keeps the
-- rates it read under this version; any committed change of tax_rates bumps it.
INSERT INTO "cache_versions" ("name") VALUES ('taxes');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tax_rates_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "tax_rates" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('taxes');
