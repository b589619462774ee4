-- Issue 35: each process keeps the answer of its session checks a few seconds (services/session-cache.ts). Whatever
-- ends a session or changes what the check reads (a revoked token family, an account deleted, an e-mail confirmed
-- or changed, a staff flag) tells every process, once the change commits, through this channel.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dosehub_sessions', CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id::text ELSE NEW.user_id::text END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dosehub_sessions', CASE WHEN TG_OP = 'DELETE' THEN OLD.id::text ELSE NEW.id::text END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_session_change AFTER UPDATE OF revoked_at OR DELETE ON refresh_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_session_change AFTER UPDATE OF is_staff, email_verified_at, deleted_at OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_change();
