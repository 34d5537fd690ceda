-- Every committed change to what the service caches or streams is announced on the channel
-- posts_api_changes (PostgreSQL delivers a transaction's notifications when it commits, and none
-- when it rolls back), whoever writes: the service, better-auth, the operator CLI or psql.
-- Statement-level triggers: one notification per statement, however many rows it touches.
CREATE FUNCTION announce_change(kind text, body jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text := (jsonb_build_object('kind', kind) || body)::text;
BEGIN
  -- A notification holds at most 8000 bytes: a change too large to list is announced as "any".
  IF octet_length(payload) > 7900 THEN
    payload := jsonb_build_object('kind', kind)::text;
  END IF;
  PERFORM pg_notify('posts_api_changes', payload);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids jsonb := (SELECT jsonb_agg(DISTINCT user_id) FROM changed_rows);
BEGIN
  IF ids IS NOT NULL THEN
    PERFORM announce_change('user', jsonb_build_object('ids', ids));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION announce_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids jsonb := (SELECT jsonb_agg(DISTINCT id) FROM changed_rows);
BEGIN
  IF ids IS NOT NULL THEN
    PERFORM announce_change('user', jsonb_build_object('ids', ids));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION announce_posts_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  authors jsonb := (SELECT jsonb_agg(DISTINCT author_id) FROM changed_rows);
  tags jsonb := (SELECT coalesce(jsonb_agg(DISTINCT tag), '[]'::jsonb) FROM changed_rows, unnest(changed_rows.tags) AS tag);
BEGIN
  IF authors IS NOT NULL THEN
    PERFORM announce_change('posts', jsonb_build_object('authors', authors, 'tags', tags));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION announce_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  users jsonb := (SELECT jsonb_agg(DISTINCT user_id) FROM changed_rows);
BEGIN
  IF users IS NOT NULL THEN
    PERFORM announce_change('notifications', jsonb_build_object('users', users));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A new session needs no announcement: nothing can have cached it yet.
CREATE TRIGGER sessions_announce_update AFTER UPDATE ON sessions REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER sessions_announce_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_update AFTER UPDATE ON users REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_user_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_delete AFTER DELETE ON users REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_user_change();
--> statement-breakpoint
CREATE TRIGGER posts_announce_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_posts_change();
--> statement-breakpoint
-- Old and new rows alike: a post that moves to another tag changes the counts of both.
CREATE TRIGGER posts_announce_update_old AFTER UPDATE ON posts REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_posts_change();
--> statement-breakpoint
CREATE TRIGGER posts_announce_update_new AFTER UPDATE ON posts REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_posts_change();
--> statement-breakpoint
CREATE TRIGGER posts_announce_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_posts_change();
--> statement-breakpoint
CREATE TRIGGER notifications_announce_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_notifications();
