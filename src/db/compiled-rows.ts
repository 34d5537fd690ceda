import { Column, is } from "drizzle-orm";
import { NoopCache } from "drizzle-orm/cache/core";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { NoopLogger } from "drizzle-orm/logger";
import { NodePgPreparedQuery } from "drizzle-orm/node-postgres";
import type { PgPreparedQuery, PreparedQueryConfig } from "drizzle-orm/pg-core";
import { Param, Placeholder } from "drizzle-orm/sql";
import type pg from "pg";

/** A prepared select, or an insert returning rows, as the hot paths run it: `execute` answers as drizzle's own does. */
export interface CompiledRowsQuery<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/** What drizzle keeps on a node-postgres prepared query and reads on every execution. */
interface PreparedInternals {
  client: Pick<pg.Pool, "query">;
  queryConfig: pg.QueryConfig & { rowMode: "array" };
  params: unknown[];
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  logger: unknown;
  cache?: unknown;
  queryMetadata?: unknown;
}

type RowMapper = (row: unknown[]) => Record<string, unknown>;

/**
 * The same statement, parameters and parsers as drizzle's `execute`, without its per-row and
 * per-query work: drizzle maps each row by walking its selection (an entity check and an
 * iterator per column) and fills each placeholder the same way, which cost about a tenth of the
 * service's CPU on the posts list. Both are compiled here once from the prepared query (a select,
 * or an insert's `returning`). Only the plain case is taken: the node-postgres driver, columns
 * (nested one level, as a join selects them) with no nullable join, no query cache and the
 * default no-op logger; anything else runs through drizzle's own `execute`.
 * compiled-rows.test.ts holds the two to the same answers.
 */
export function compiledRowsQuery<T extends PreparedQueryConfig>(
  prepared: PgPreparedQuery<T>,
): CompiledRowsQuery<T["execute"]> {
  const mapRow = is(prepared, NodePgPreparedQuery) ? rowMapperOf(prepared as unknown as PreparedInternals) : undefined;
  if (!mapRow) return prepared;
  const { client, queryConfig, params } = prepared as unknown as PreparedInternals;
  const fill = placeholderFiller(params);
  return {
    async execute(values = {}) {
      const filled = fill(values);
      let result: pg.QueryResult<unknown[]>;
      try {
        result = await client.query<unknown[]>(queryConfig, filled);
      } catch (error) {
        // As drizzle reports a failed query: the error handler reads the driver's error as its cause.
        throw new DrizzleQueryError(queryConfig.text, filled, error as Error);
      }
      const rows = result.rows;
      const mapped = new Array<Record<string, unknown>>(rows.length);
      for (let i = 0; i < rows.length; i += 1) mapped[i] = mapRow(rows[i]!);
      return mapped;
    },
  };
}

/** A row mapper compiled from the selection, or undefined where drizzle's own mapping is needed. */
function rowMapperOf(internals: PreparedInternals): RowMapper | undefined {
  const { fields, customResultMapper, joinsNotNullableMap, logger, cache, queryMetadata } = internals;
  if (!fields || customResultMapper !== undefined) return undefined;
  // A left join may null a whole nested object; drizzle decides that per row.
  if (joinsNotNullableMap && Object.values(joinsNotNullableMap).some((notNull) => !notNull)) return undefined;
  if (!is(logger, NoopLogger)) return undefined;
  // drizzle asks its cache only when it has one that is not the no-op cache and knows the query's tables.
  if (cache !== undefined && !is(cache, NoopCache) && queryMetadata !== undefined) return undefined;
  const columns: { index: number; key: string; parent: string | undefined; column: Column }[] = [];
  for (const [index, { path, field }] of fields.entries()) {
    if (!is(field, Column) || path.length > 2) return undefined;
    columns.push({ index, key: path.at(-1)!, parent: path.length === 2 ? path[0] : undefined, column: field });
  }
  const parents = [...new Set(columns.flatMap(({ parent }) => (parent === undefined ? [] : [parent])))];
  if (parents.length === 0) return (row) => columnsOf(columns, row);
  if (columns.some((c) => c.parent === undefined)) return undefined;
  // Nested: each parent's columns, in the selection's order.
  const groups = parents.map((parent) => ({ parent, columns: columns.filter((c) => c.parent === parent) }));
  return (row) => {
    const result: Record<string, unknown> = {};
    for (const group of groups) result[group.parent] = columnsOf(group.columns, row);
    return result;
  };
}

function columnsOf(columns: readonly { index: number; key: string; column: Column }[], row: unknown[]) {
  const result: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i += 1) {
    const { index, key, column } = columns[i]!;
    const raw = row[index];
    result[key] = raw === null ? null : column.mapFromDriverValue(raw);
  }
  return result;
}

/** drizzle's `fillPlaceholders`, decided once per parameter instead of on every execution. */
function placeholderFiller(params: unknown[]): (values: Record<string, unknown>) => unknown[] {
  const fillers = params.map((param): ((values: Record<string, unknown>) => unknown) => {
    if (is(param, Placeholder)) return (values) => valueOf(values, param.name);
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { encoder } = param;
      const name = param.value.name;
      return (values) => encoder.mapToDriverValue(valueOf(values, name));
    }
    return () => param;
  });
  return (values) => fillers.map((fill) => fill(values));
}

function valueOf(values: Record<string, unknown>, name: string): unknown {
  if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
  return values[name];
}
