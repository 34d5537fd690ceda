import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
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

  it("reads any UTC text as the pattern does, and hands every other shape to Date", () => {
    // The pattern alone, as the function read every text before its character-by-character check.
    const byPattern = (text: string) => {
      const utc = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/.exec(text);
      if (!utc) return new Date(text).toISOString();
      return `${utc[1]}T${utc[2]}.${(utc[3] ?? "").slice(0, 3).padEnd(3, "0")}Z`;
    };
    const outcome = (read: (text: string) => string, text: string) => {
      try {
        return read(text);
      } catch (error) {
        return (error as Error).name;
      }
    };
    const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
    const utcText = fc
      .tuple(fc.date({ min: new Date("0001-01-01"), max: new Date("9999-12-31"), noInvalidDate: true }), digits(0, 6))
      .map(
        ([date, fraction]) =>
          `${date.toISOString().slice(0, 19).replace("T", " ")}${fraction ? `.${fraction}` : ""}+00`,
      );
    const nearMiss = fc
      .tuple(utcText, fc.nat(28), fc.constantFrom("", ".", "a", "0", " ", "+", "-", "T"))
      .map(([text, at, put]) => text.slice(0, at) + put + text.slice(at + 1));
    fc.assert(
      fc.property(fc.oneof(utcText, nearMiss), (text) => outcome(isoFromPostgres, text) === outcome(byPattern, text)),
    );
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
