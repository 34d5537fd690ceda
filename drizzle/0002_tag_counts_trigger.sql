-- tag_counts holds, for each tag, how many public, visible posts carry it (a post counts a tag
-- once, however often it lists it). These triggers keep it in the transaction of every write to
-- posts: creation, edit, moderation, deletion, and the deletions cascaded from a user's. They are
-- per statement, over the statement's changed rows, so a bulk insert costs one aggregate.

-- Applies the tags that posts gained and lost (one element per post and tag) to the counts, in
-- name order, so that concurrent writes lock tag rows in one order and cannot deadlock; a tag no
-- counted post carries any more loses its row.
CREATE FUNCTION tag_counts_apply(gained text[], lost text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO tag_counts AS counted (name, count)
  SELECT name, sum(delta)::int
  FROM (SELECT unnest(gained) AS name, 1 AS delta UNION ALL SELECT unnest(lost), -1) AS moves
  GROUP BY name
  HAVING sum(delta) <> 0
  ORDER BY name
  ON CONFLICT (name) DO UPDATE SET count = counted.count + excluded.count;
  DELETE FROM tag_counts WHERE count <= 0;
$$;
--> statement-breakpoint
CREATE FUNCTION posts_tag_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gained text[] := '{}';
  lost text[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    gained := ARRAY(
      SELECT tag FROM new_rows AS p CROSS JOIN LATERAL (SELECT DISTINCT unnest(p.tags) AS tag) AS t
      WHERE p.visibility = 'public' AND p.status = 'visible');
  END IF;
  IF TG_OP <> 'INSERT' THEN
    lost := ARRAY(
      SELECT tag FROM old_rows AS p CROSS JOIN LATERAL (SELECT DISTINCT unnest(p.tags) AS tag) AS t
      WHERE p.visibility = 'public' AND p.status = 'visible');
  END IF;
  IF gained <> lost THEN
    PERFORM tag_counts_apply(gained, lost);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_tag_counts_insert AFTER INSERT ON posts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION posts_tag_counts();
--> statement-breakpoint
CREATE TRIGGER posts_tag_counts_update AFTER UPDATE ON posts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION posts_tag_counts();
--> statement-breakpoint
CREATE TRIGGER posts_tag_counts_delete AFTER DELETE ON posts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION posts_tag_counts();
--> statement-breakpoint
INSERT INTO tag_counts (name, count)
SELECT tag, count(*)::int
FROM posts AS p CROSS JOIN LATERAL (SELECT DISTINCT unnest(p.tags) AS tag) AS t
WHERE p.visibility = 'public' AND p.status = 'visible'
GROUP BY tag;
