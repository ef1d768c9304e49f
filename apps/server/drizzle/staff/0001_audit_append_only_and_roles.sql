-- The audit log is append-only (issue 18 item 7): no path of the application, nor a
-- mistaken statement, may change or remove what staff did. Only the database owner can
-- drop these triggers, which a migration would have to do in the open.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- The one staff role of before becomes admin: whoever held it could do everything staff
-- could, and the first account (npm run staff:create) must be able to manage the others.
UPDATE "users" SET "roles" = array_replace("roles", 'staff', 'admin') WHERE 'staff' = ANY("roles");
