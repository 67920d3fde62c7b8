-- Taking or giving back stock no longer retires the public catalogue answers. Every order updates
-- its products' stock, and the version bump at commit locks the one 'catalogue' row of
-- cache_versions until the commit is on disk, so concurrent orders committed one at a time, and
-- each emptied every process's public catalogue cache. A stock-only change is now left out: public
-- (anonymous) product answers may show stock up to the cache's lifetime (30 s) old, while the cart,
-- the quote and the placement always read the live stock. Any other change of a product still bumps.
DROP TRIGGER "products_cache_version" ON "products";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_cache_version" AFTER INSERT OR DELETE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_update_cache_version" AFTER UPDATE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'stock') IS DISTINCT FROM (to_jsonb(NEW) - 'stock'))
  EXECUTE FUNCTION "bump_cache_version"('catalogue');
