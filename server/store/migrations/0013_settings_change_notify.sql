-- Every process keeps the operator's outage switches (the `settings` row sandbox.availability) in
-- memory (server/registers/availability.ts). Any write to `settings`, from any process or tool,
-- announces itself so that every process forgets them at once. The function announces on the channel
-- its trigger names, so a later cache needs a trigger and no function of its own.
CREATE OR REPLACE FUNCTION svc_notify_channel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM pg_notify(TG_ARGV[0], ''); RETURN NULL; END;
$$;
--> statement-breakpoint
CREATE TRIGGER settings_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION svc_notify_channel('svc_settings_changed');
