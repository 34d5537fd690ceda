import { connect, type Queryable } from "./posts-list.js";

export interface DatabaseBaseline {
  db: Queryable;
  /** better-auth's secret, which signs the session cookies the baseline checks. */
  secret: string;
  port: number;
  host: string;
}

/** What a baseline serving the posts needs, from the environment the benchmark starts it with. */
export async function openDatabaseBaseline(): Promise<DatabaseBaseline> {
  const {
    DATABASE_URL = "",
    BETTER_AUTH_SECRET = "",
    PORT = "0",
    HOST = "127.0.0.1",
    DATABASE_POOL_MAX = "10",
  } = process.env;
  const db = await connect(DATABASE_URL, Number(DATABASE_POOL_MAX));
  return { db, secret: BETTER_AUTH_SECRET, port: Number(PORT), host: HOST };
}
