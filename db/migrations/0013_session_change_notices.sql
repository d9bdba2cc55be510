-- Session change notices (docs/decisions/0018-sessions-read-from-memory.md): every process keeps the
-- sessions it has read in memory, and forgets one the moment the database says it changed. A changed or
-- deleted session (sign-out, revocation, the daily refresh of its expiry) notifies its id; a user whose
-- name, e-mail or role changed, or who is deleted, notifies the user's id. NOTIFY is sent at commit, to
-- every process listening on the channel, this one included; equal notices of one transaction are one.
-- The notice is the trigger's argument ('s:' or 'u:') followed by the changed row's id.
CREATE FUNCTION "abundance_session_change_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('abundance_sessions_changed', TG_ARGV[0] || OLD."id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_change_notice" AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION "abundance_session_change_notice"('s:');
--> statement-breakpoint
CREATE TRIGGER "session_user_change_notice" AFTER UPDATE ON "user"
  FOR EACH ROW
  WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR OLD."email" IS DISTINCT FROM NEW."email"
        OR OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "abundance_session_change_notice"('u:');
--> statement-breakpoint
CREATE TRIGGER "session_user_delete_notice" AFTER DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION "abundance_session_change_notice"('u:');
