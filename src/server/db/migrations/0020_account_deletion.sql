ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pseudonym" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pseudonym_unique" UNIQUE("pseudonym");--> statement-breakpoint
-- The audit log stays append-only, except for the retention job (services/account-deletion/retention.ts), which
-- deletes the entries older than the retention period inside a transaction that set `dosehub.retention` to 'on'.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' AND current_setting('dosehub.retention', true) = 'on' THEN RETURN OLD; END IF; RAISE EXCEPTION 'audit_log is append-only'; END $$;
