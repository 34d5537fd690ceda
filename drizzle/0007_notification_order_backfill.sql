-- Notifications written before the commit-order position existed are numbered in the order the
-- streams used to send them (creation time, then id), so a reconnect naming one of them resumes
-- where it left off. They share the migration's transaction id, all below any later write's.
UPDATE notifications SET seq = ordered.position
FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS position FROM notifications) AS ordered
WHERE notifications.id = ordered.id;
