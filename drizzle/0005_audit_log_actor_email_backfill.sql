-- Entries written before the email was recorded get it from the account, while it still exists.
UPDATE "audit_log" SET "actor_email" = "users"."email" FROM "users" WHERE "users"."id" = "audit_log"."actor_id" AND "audit_log"."actor_email" IS NULL;
