import type pg from "pg";
import { sqlStateOf } from "./errors.js";

const QUERY_CANCELED = "57014";

/**
 * The query timeout, kept by the pool rather than by pg's `query_timeout`: a connection checked
 * out for longer than `ms` is destroyed, so its query fails at once ("Connection terminated"),
 * the pool discards it, and a partitioned server, which never answers, costs a request `ms` and
 * not forever. pg's own option wraps every query's callback in a closure over the query; with it,
 * each young-generation collection of the service under load promoted megabytes and took 15-20 ms
 * instead of about 1 (`node --trace-gc`), which showed as the p99 of the authenticated list.
 */
export function dropConnectionsHeldLongerThan(pool: pg.Pool, ms: number, onTimedOut?: () => void): void {
  const deadlines = new WeakMap<pg.PoolClient, NodeJS.Timeout>();
  pool.on("acquire", (client) => {
    const { connection } = client as pg.PoolClient & Pick<pg.Client, "connection">;
    deadlines.set(
      client,
      setTimeout(() => {
        onTimedOut?.();
        connection.stream.destroy();
      }, ms),
    );
  });
  pool.on("release", (error: unknown, client) => {
    clearTimeout(deadlines.get(client));
    // The server's statement_timeout, set to the same deadline, may end the statement first: that
    // is the same timeout, seen from the other side.
    if (sqlStateOf(error) === QUERY_CANCELED) onTimedOut?.();
  });
}
