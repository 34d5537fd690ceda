import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/harness.js";
import { signUp } from "../../test/factories.js";
import { isoFromPostgres } from "./iso-timestamp.js";
import { posts } from "./schema.js";

describe("isoFromPostgres", () => {
  it("spells every timestamptz text as Date#toISOString would", () => {
    for (const text of [
      "2026-11-23 14:38:06.123456+00",
      "2026-11-23 14:38:06.1+00",
      "2026-11-23 14:38:06.12+00",
      "2026-11-23 14:38:06.999999+00",
      "2026-11-23 14:38:06+00",
      "1999-12-31 23:59:59.5+00",
      "2026-11-23 20:08:06.123456+05:30",
      "2026-11-23 09:38:06-05",
    ]) {
      expect(isoFromPostgres(text), text).toBe(new Date(text).toISOString());
    }
  });
});

const t = useTestApp();

describe("timestamps of the API's own tables", () => {
  it("read back as the instant stored, whatever the session's time zone", async () => {
    const author = await signUp(t);
    const stored = "2026-03-29 01:30:00.123456+00";
    const [post] = await t.database.db
      .insert(posts)
      .values({ title: "Timestamps", content: "When was it?", authorId: author.id, createdAt: stored })
      .returning({ id: posts.id, createdAt: posts.createdAt });
    expect(post!.createdAt).toBe("2026-03-29T01:30:00.123Z");
    for (const zone of ["UTC", "Asia/Kolkata", "America/St_Johns"]) {
      const read = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local time zone '${zone}'`));
        const [row] = await tx.select({ createdAt: posts.createdAt }).from(posts).where(eq(posts.id, post!.id));
        return row!.createdAt;
      });
      expect(read, zone).toBe("2026-03-29T01:30:00.123Z");
    }
    const res = await t.http.get(`/api/posts/${post!.id}`);
    expect(res.body.post.createdAt).toBe("2026-03-29T01:30:00.123Z");
  });
});
