import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readBackup } from "./read.js";

const directory = mkdtempSync(join(tmpdir(), "posts-api-backup-read-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const header = {
  format: "posts-api-backup",
  version: 1,
  createdAt: "2026-11-26T07:00:00.000Z",
  source: "pglite",
  server: "PostgreSQL 18.6",
  migration: { tag: "0000_init", createdAt: 1795432930883, hash: "0".repeat(64) },
};
const body = [
  JSON.stringify(header),
  JSON.stringify({ table: "users", columns: ["id", "name"], rows: 2 }),
  JSON.stringify({ id: "a", name: "Ada" }),
  JSON.stringify({ id: "b", name: 'Bob "the" builder\nsecond line' }),
  JSON.stringify({ table: "posts", columns: ["id"], rows: 0 }),
]
  .map((line) => `${line}\n`)
  .join("");
const trailer = (text: string, rows = 2) =>
  `${JSON.stringify({ end: "posts-api-backup", tables: 2, rows, sha256: createHash("sha256").update(text).digest("hex") })}\n`;

function file(name: string, text: string): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
}

describe("reading a backup", () => {
  it("hands every row to the loader, table by table, and checks the trailer", async () => {
    const seen: string[] = [];
    const contents = await readBackup(file("whole.jsonl", body + trailer(body)), {
      rows: async (table, lines) => void seen.push(...lines.map((line) => `${table.table}: ${line}`)),
    });
    expect(contents.rows).toBe(2);
    expect(contents.tables.map((table) => table.table)).toEqual(["users", "posts"]);
    expect(seen).toEqual([
      'users: {"id":"a","name":"Ada"}',
      'users: {"id":"b","name":"Bob \\"the\\" builder\\nsecond line"}',
    ]);
  });

  it("reads rows holding line and paragraph separators, carriage returns and astral characters", async () => {
    const row = JSON.stringify({ id: "c", name: "Ann\u2028Lee\u2029 \r\n \u{1F600} \u{10FFFF}" });
    // PostgreSQL's row_to_json leaves U+2028 and U+2029 unescaped, as JSON allows.
    expect(row).toContain("\u2028");
    const text = body.replace('{"id":"a","name":"Ada"}', row);
    const seen: string[] = [];
    await readBackup(file("separators.jsonl", text + trailer(text)), {
      rows: async (_table, lines) => void seen.push(...lines),
    });
    expect(seen[0]).toBe(row);
  });

  it("refuses a file cut short, before or inside its trailer", async () => {
    const whole = body + trailer(body);
    const cut = file("cut.jsonl", body);
    await expect(readBackup(cut)).rejects.toThrow(
      `${cut} is incomplete: it ends before its trailer (a truncated copy?)`,
    );
    const inTrailer = file("cut-trailer.jsonl", whole.slice(0, -10));
    await expect(readBackup(inTrailer)).rejects.toThrow(`${inTrailer} is damaged or incomplete: an unreadable line`);
    const inRow = file("cut-row.jsonl", body.slice(0, body.indexOf("Bob")));
    await expect(readBackup(inRow)).rejects.toThrow(`${inRow} is incomplete: it ends before its trailer`);
  });

  it("refuses a file whose rows were edited after it was written", async () => {
    const edited = file("edited.jsonl", body.replace("Ada", "Eve") + trailer(body));
    await expect(readBackup(edited)).rejects.toThrow(`${edited} is damaged: its contents do not match its checksum`);
  });

  it("refuses a file that is not a backup of this service, or of another format version", async () => {
    const foreign = file("foreign.json", '[{"model": "auth.user", "pk": 1}]\n');
    await expect(readBackup(foreign)).rejects.toThrow(`${foreign} is not a backup of this service`);
    const empty = file("empty.jsonl", "");
    await expect(readBackup(empty)).rejects.toThrow(`${empty} is empty: it is not a backup of this service`);
    const future = JSON.stringify({ ...header, version: 2 });
    const newer = file("newer.jsonl", `${future}\n`);
    await expect(readBackup(newer)).rejects.toThrow(`${newer} is a backup in format 2; this release reads format 1`);
  });
});
