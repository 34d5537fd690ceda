import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import type * as z from "zod";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupFileError,
  type BackupHeader,
  backupHeader,
  backupTrailer,
  type TableHeader,
  tableHeader,
} from "./format.js";

// Rows handed to the loader at once: one INSERT statement each, a few megabytes at most.
const ROWS_PER_BATCH = 500;
const BYTES_PER_BATCH = 4 * 1024 * 1024;

export interface BackupContents {
  header: BackupHeader;
  tables: TableHeader[];
  rows: number;
}

export interface BackupVisitor {
  /** Rows of one table, in file order, as JSON text; never more than a few megabytes at once. */
  rows(table: TableHeader, lines: string[]): Promise<void>;
}

/**
 * Reads a backup from start to end, checking its header, its structure and its trailer's digest,
 * and hands its rows to `visitor` on the way. Without a visitor it only checks, which is what a
 * restore does first, so that a foreign, truncated or damaged file changes nothing.
 */
export interface Signing {
  /** BACKUP_SIGNING_KEY: the file must carry an HMAC under it that matches. */
  key?: string | undefined;
  /** Accept a file without an HMAC, or one that cannot be checked without a key (--force). */
  allowUnsigned?: boolean;
}

export async function readBackup(
  path: string,
  visitor?: BackupVisitor,
  signing: Signing = {},
): Promise<BackupContents> {
  const lines = linesOf(path);
  const digest = createHash("sha256");
  const signature = signing.key === undefined ? undefined : createHmac("sha256", signing.key);
  const tables: TableHeader[] = [];
  let header: BackupHeader | undefined;
  let table: TableHeader | undefined;
  let remaining = 0;
  let batch: string[] = [];
  let batchBytes = 0;
  let rows = 0;
  const flush = async () => {
    if (table && batch.length > 0) await visitor?.rows(table, batch);
    batch = [];
    batchBytes = 0;
  };
  for await (const line of lines) {
    if (!header) {
      header = parseHeader(path, line);
    } else if (remaining > 0) {
      remaining--;
      rows++;
      if (visitor) {
        batch.push(line);
        batchBytes += line.length;
        if (batch.length >= ROWS_PER_BATCH || batchBytes >= BYTES_PER_BATCH) await flush();
      }
    } else {
      await flush();
      const value = parseJson(line);
      if (typeof value === "object" && value !== null && "end" in value) {
        const trailer = parse(backupTrailer, value, path);
        if (trailer.sha256 !== digest.digest("hex") || trailer.rows !== rows || trailer.tables !== tables.length) {
          throw new BackupFileError(`${path} is damaged: its contents do not match its checksum`);
        }
        checkSignature(path, trailer.hmac, signature?.digest(), signing);
        await lines.return(undefined);
        return { header, tables, rows };
      }
      table = parse(tableHeader, value, path);
      tables.push(table);
      remaining = table.rows;
    }
    digest.update(`${line}\n`);
    signature?.update(`${line}\n`);
  }
  if (!header) throw new BackupFileError(`${path} is empty: it is not a backup of this service`);
  throw new BackupFileError(`${path} is incomplete: it ends before its trailer (a truncated copy?)`);
}

/**
 * The checksum only shows the file is as its writer left it, and anyone who edits it can write a
 * new one: the HMAC shows the writer held the key. A wrong HMAC is refused even with --force (the
 * file was edited, or made under another key); a missing one, or one there is no key to check,
 * only with --force.
 */
function checkSignature(path: string, hmac: string | undefined, expected: Buffer | undefined, signing: Signing): void {
  if (expected && hmac !== undefined) {
    if (!timingSafeEqual(Buffer.from(hmac, "hex"), expected)) {
      throw new BackupFileError(
        `${path} does not match its signature under BACKUP_SIGNING_KEY: it was edited after the backup, or signed with another key`,
      );
    }
    return;
  }
  if (signing.allowUnsigned) return;
  if (expected) {
    throw new BackupFileError(
      `${path} is not signed, and BACKUP_SIGNING_KEY is set: add --force to restore it unchecked`,
    );
  }
  if (hmac !== undefined) {
    throw new BackupFileError(
      `${path} is signed, and BACKUP_SIGNING_KEY is not set: set it to check the file, or add --force to restore it unchecked`,
    );
  }
}

/**
 * The file's lines, split on "\n" only. Node's readline also ends a line at U+2028 and U+2029,
 * which PostgreSQL's row_to_json writes unescaped (JSON allows them in strings): a name or a post
 * holding one would make the file unreadable. A "\r" before the "\n" (a copy through a tool that
 * converted line ends) is dropped, as the file's own lines never end with one.
 */
async function* linesOf(path: string): AsyncGenerator<string, void, undefined> {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  for await (const chunk of createReadStream(path)) {
    const parts = (pending + decoder.write(chunk as Buffer)).split("\n");
    pending = parts.pop()!;
    for (const part of parts) yield part.endsWith("\r") ? part.slice(0, -1) : part;
  }
  pending += decoder.end();
  if (pending !== "") yield pending;
}

function parseHeader(path: string, line: string): BackupHeader {
  const value = parseJson(line);
  const format = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  if (format.format !== BACKUP_FORMAT) throw new BackupFileError(`${path} is not a backup of this service`);
  if (format.version !== BACKUP_VERSION) {
    throw new BackupFileError(
      `${path} is a backup in format ${String(format.version)}; this release reads format ${BACKUP_VERSION}`,
    );
  }
  return parse(backupHeader, value, path);
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function parse<T extends z.ZodType>(schema: T, value: unknown, path: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new BackupFileError(`${path} is damaged or incomplete: an unreadable line`);
  return result.data;
}
