import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.js";

describe("embedded database (PGlite)", () => {
  it("has planner statistics once migrated, though PGlite runs no autovacuum", async () => {
    const database = await openDatabase({ url: "pglite:memory" });
    try {
      const statistics = async () => {
        const result = await database.db.execute(
          sql`select relname, reltuples from pg_class where relname in ('posts', 'users') order by relname`,
        );
        return (result as { rows: { relname: string; reltuples: number }[] }).rows;
      };
      await database.db.execute(sql`create table posts (id int)`);
      await database.db.execute(sql`create table users (id int)`);
      // Never analyzed: PostgreSQL says -1.
      expect(await statistics()).toEqual([
        { relname: "posts", reltuples: -1 },
        { relname: "users", reltuples: -1 },
      ]);
      await database.db.execute(sql`drop table posts, users`);

      await database.migrate();
      expect(await statistics()).toEqual([
        { relname: "posts", reltuples: 0 },
        { relname: "users", reltuples: 0 },
      ]);
    } finally {
      await database.close();
    }
  });
});
