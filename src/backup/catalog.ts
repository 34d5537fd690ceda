import { type SQL, sql } from "drizzle-orm";
import type { DrizzleDb } from "../db/schema.js";

/** The rows of a query, on either driver (node-postgres and PGlite both answer `{ rows }`). */
export async function queryRows<T>(db: DrizzleDb, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export interface TableShape {
  name: string;
  /** Stored columns, in table order; generated ones are left out, the database computes them again. */
  columns: string[];
}

/** The tables of the service's schema, every table after the tables its foreign keys point to. */
export async function listTables(db: DrizzleDb): Promise<TableShape[]> {
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
export async function nonEmptyTables(db: DrizzleDb): Promise<{ name: string; rows: number }[]> {
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
export async function lastAppliedMigration(db: DrizzleDb): Promise<AppliedMigration | undefined> {
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

export interface CatalogObject {
  /** table, view, materialized view, sequence, foreign table, function, procedure, aggregate, type, schema */
  kind: string;
  /** schema.name, or the schema's own name */
  name: string;
}

/**
 * Every object of the database outside PostgreSQL's own schemas, but for what belongs to another
 * object (indexes, a table's row type, a serial column's sequence, an array type) and what an
 * extension installed: what a restore would drop, or leave beside the service's tables.
 */
export async function userObjects(db: DrizzleDb): Promise<CatalogObject[]> {
  return queryRows<CatalogObject>(
    db,
    sql`with ns as (
          select oid, nspname from pg_namespace
          where nspname not in ('pg_catalog', 'information_schema')
            and nspname not like 'pg\_toast%' and nspname not like 'pg\_temp%'
        ), objects as (
          select 'schema' as kind, n.nspname::text as name, n.oid, 'pg_namespace'::regclass as cls
          from ns n where n.nspname not in ('public', 'drizzle')
          union all
          select case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
                   when 'f' then 'foreign table' else 'table' end,
                 n.nspname || '.' || c.relname, c.oid, 'pg_class'::regclass
          from pg_class c join ns n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
            and not (c.relkind = 'S' and exists (
              select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
                and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')))
          union all
          select case p.prokind when 'p' then 'procedure' when 'a' then 'aggregate' else 'function' end,
                 n.nspname || '.' || p.proname, p.oid, 'pg_proc'::regclass
          from pg_proc p join ns n on n.oid = p.pronamespace
          union all
          select 'type', n.nspname || '.' || t.typname, t.oid, 'pg_type'::regclass
          from pg_type t join ns n on n.oid = t.typnamespace
          where (t.typrelid = 0 or exists (select 1 from pg_class r where r.oid = t.typrelid and r.relkind = 'c'))
            and not exists (select 1 from pg_type e where e.typarray = t.oid)
        )
        select kind, name from objects o
        where not exists (select 1 from pg_depend d where d.classid = o.cls and d.objid = o.oid and d.deptype = 'e')
        order by name, kind`,
  );
}
