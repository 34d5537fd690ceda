import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/schema.js";

/** The rows of a query, on either driver (node-postgres and PGlite both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export interface TableShape {
  name: string;
  /** Stored columns, in table order; generated ones are left out, the database computes them again. */
  columns: string[];
}

/** The tables of the service's schema, every table after the tables its foreign keys point to. */
export async function listTables(db: Db): Promise<TableShape[]> {
  const columns = await queryRows<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const references = await queryRows<{ table: string; references: string }>(
    db,
    sql`select c.relname as "table", r.relname as "references"
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const shapes = new Map<string, TableShape>();
  for (const { table, column } of columns) {
    const shape = shapes.get(table) ?? { name: table, columns: [] };
    shape.columns.push(column);
    shapes.set(table, shape);
  }
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const edge of references) if (edge.table === name) place(edge.references, path);
    placed.add(name);
    const shape = shapes.get(name);
    if (shape) ordered.push(shape);
  };
  for (const name of [...shapes.keys()].sort()) place(name, new Set());
  return ordered;
}

/** How many rows each table of the schema holds, for the tables holding any. */
export async function nonEmptyTables(db: Db): Promise<{ name: string; rows: number }[]> {
  const found: { name: string; rows: number }[] = [];
  for (const { name } of await listTables(db)) {
    const [counted] = await queryRows<{ rows: number }>(
      db,
      sql`select count(*)::int as rows from ${sql.identifier(name)}`,
    );
    if (counted && counted.rows > 0) found.push({ name, rows: counted.rows });
  }
  return found;
}

export interface AppliedMigration {
  createdAt: number;
  hash: string;
}

/** The last migration drizzle applied to the database, or undefined if it never migrated it. */
export async function lastAppliedMigration(db: Db): Promise<AppliedMigration | undefined> {
  const [table] = await queryRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table?.exists) return undefined;
  const [last] = await queryRows<{ created_at: string; hash: string }>(
    db,
    sql`select created_at::text, hash from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  return last ? { createdAt: Number(last.created_at), hash: last.hash } : undefined;
}
