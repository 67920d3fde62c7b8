-- Sign-ins (refresh token families) are a cached domain of their own: the bearer check keeps whether an
-- access token's sign-in is live under this version. Only a revocation (or a deletion) bumps it: issuing
-- and rotating tokens, which every sign-in and refresh does, retires nothing.
INSERT INTO "cache_versions" ("name") VALUES ('sessions');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "refresh_tokens_revoked_cache_version" AFTER UPDATE OF "revoked_at" ON "refresh_tokens" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL) EXECUTE FUNCTION "bump_cache_version"('sessions');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "refresh_tokens_deleted_cache_version" AFTER DELETE ON "refresh_tokens" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('sessions');
