import * as z from "zod";

/**
 * A backup is a text file of JSON lines, the same whichever database wrote it and whichever reads
 * it (PostgreSQL 15 server, PGlite 18):
 *
 *   {"format":"posts-api-backup","version":1,...}           the header: who made it, at which migration
 *   {"table":"users","columns":["id",...],"rows":2}       a table, then exactly `rows` lines of rows
 *   {"id":"...","name":"Ada",...}                          one row, as PostgreSQL's row_to_json wrote it
 *   {"end":"posts-api-backup","tables":8,"rows":2,"sha256":"..."}   the trailer
 *
 * The trailer's digest covers every byte before it, so a truncated or damaged file is refused
 * before anything is restored. Anyone can recompute a digest, so it catches accidents only: with
 * BACKUP_SIGNING_KEY the trailer also carries an HMAC of the same bytes, which only a holder of the
 * key can make, and a restore with the key refuses a file whose HMAC does not match.
 */
export const BACKUP_FORMAT = "posts-api-backup";
export const BACKUP_VERSION = 1;

export const backupHeader = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  /** The kind of database it was read from: "pglite" or "postgres". */
  source: z.string(),
  /** PostgreSQL's version string of the source. */
  server: z.string(),
  /** The last migration applied to the source: its rows have that migration's shape. */
  migration: z.object({ tag: z.string(), createdAt: z.number(), hash: z.string() }),
});
export type BackupHeader = z.infer<typeof backupHeader>;

export const tableHeader = z.object({
  table: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().nonnegative(),
});
export type TableHeader = z.infer<typeof tableHeader>;

export const backupTrailer = z.object({
  end: z.literal(BACKUP_FORMAT),
  tables: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** HMAC-SHA256 of the same bytes under BACKUP_SIGNING_KEY, when the backup was made with one. */
  hmac: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type BackupTrailer = z.infer<typeof backupTrailer>;

/** A backup file that cannot be restored; its message is one line for the operator. */
export class BackupFileError extends Error {
  override name = "BackupFileError";
}
