-- Every process keeps an in-memory cache of API keys and their accounts (server/store/key-cache.ts).
-- Any write to either table, from any process or tool, announces itself on one channel so that every
-- process drops its cache at once (a revoked key is refused everywhere within 1 s).
CREATE OR REPLACE FUNCTION svc_notify_auth_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('svc_auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER api_keys_auth_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION svc_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER accounts_auth_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION svc_notify_auth_change();
