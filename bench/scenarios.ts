import { SEARCH_WORD, type Seeded, SEEDED_PASSWORD, WRITTEN_POST_TITLE } from "./seed.js";

export interface BenchUser {
  id: string;
  /** The `Cookie` header value carrying the session (`__Secure-auth.session_token=...` in production). */
  cookie: string;
}

export interface ScenarioContext {
  baseUrl: string;
  user: BenchUser;
  seeded: Seeded;
  cursorDepth: number;
}

export interface RequestSpec {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export type BaselineId = "node-http" | "fastify" | "express-hello";

export interface Scenario {
  id: string;
  label: string;
  /** Writes rows: runs after every read scenario, and its rows are removed before the baselines run. */
  writes?: boolean;
  /** A route the lead is still building: a 404 at warm-up prints "n/a (route missing)" instead of failing. */
  mayBeMissing?: boolean;
  /** Fewer connections than the run's default, for an endpoint that is slow on purpose. */
  maxConnections?: number;
  /** Seconds measured at least, for an endpoint so slow that a short run completes no request. */
  minDuration?: number;
  /** Baselines serving the same request, for the ratio column. */
  baselines?: BaselineId[];
  /** The request to repeat; may first walk the API (the cursor scenario follows `next`). */
  request(context: ScenarioContext): Promise<RequestSpec>;
}

const json = { "content-type": "application/json" };

export const SEARCH_PATH = `/api/v2/posts/?search=${SEARCH_WORD}`;

export const scenarios: Scenario[] = [
  {
    id: "health",
    label: "GET /health",
    baselines: ["express-hello"],
    request: async () => ({ method: "GET", path: "/health" }),
  },
  {
    id: "posts-anon",
    label: "GET /api/posts (anonymous)",
    request: async () => ({ method: "GET", path: "/api/posts" }),
  },
  {
    id: "posts-auth",
    label: "GET /api/posts (session, personalised, 20)",
    baselines: ["node-http", "fastify"],
    request: async ({ user }) => ({ method: "GET", path: "/api/posts", headers: { cookie: user.cookie } }),
  },
  {
    id: "post-by-id",
    label: "GET /api/posts/:id",
    request: async ({ seeded }) => ({ method: "GET", path: `/api/posts/${seeded.postId}` }),
  },
  {
    id: "v2-page",
    label: "GET /api/v2/posts/?page=2&page_size=20",
    mayBeMissing: true,
    request: async () => ({ method: "GET", path: "/api/v2/posts/?page=2&page_size=20" }),
  },
  {
    id: "v2-tags",
    label: "GET /api/v2/tags/ (100 most used)",
    request: async () => ({ method: "GET", path: "/api/v2/tags/" }),
  },
  {
    id: "v2-cursor",
    label: "GET /api/v2/posts/:id/comments/ (cursor, deep page)",
    mayBeMissing: true,
    request: async ({ baseUrl, seeded, cursorDepth }) => ({
      method: "GET",
      path: await followNext(baseUrl, `/api/v2/posts/${seeded.postId}/comments/`, cursorDepth),
    }),
  },
  {
    id: "v2-search",
    label: `GET ${SEARCH_PATH}`,
    mayBeMissing: true,
    request: async () => ({ method: "GET", path: SEARCH_PATH }),
  },
  {
    id: "post-create",
    label: "POST /api/posts (session)",
    writes: true,
    request: async ({ user }) => ({
      method: "POST",
      path: "/api/posts",
      headers: { ...json, cookie: user.cookie },
      body: JSON.stringify({
        title: WRITTEN_POST_TITLE,
        content: "Written by the benchmark's POST scenario and removed before the baselines run. ".repeat(3),
        tags: ["bench", "load"],
      }),
    }),
  },
  {
    id: "sign-in",
    label: "POST /api/auth/sign-in/email (scrypt)",
    writes: true,
    maxConnections: 8,
    minDuration: 3,
    request: async ({ baseUrl, seeded }) => ({
      method: "POST",
      path: "/api/auth/sign-in/email",
      // better-auth refuses a credentialed POST without an Origin it trusts.
      headers: { ...json, origin: baseUrl },
      body: JSON.stringify({ email: seeded.signInEmail, password: SEEDED_PASSWORD }),
    }),
  },
];

export const scenarioIds = scenarios.map((scenario) => scenario.id);

/** A 404 from the service's unknown-endpoint handler (or any 404 on a route still being built). */
export class RouteMissing extends Error {
  override name = "RouteMissing";
}

/** The path of the page reached by following `next` from `firstPage` until page `depth`. */
export async function followNext(baseUrl: string, firstPage: string, depth: number): Promise<string> {
  let path = firstPage;
  for (let page = 1; page < depth; page += 1) {
    const res = await fetch(`${baseUrl}${path}`);
    if (res.status === 404) throw new RouteMissing(`${path}: 404 ${await res.text()}`);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { next?: string | null };
    if (!body.next) throw new Error(`${path}: no next link on page ${page} of ${depth}; seed more rows`);
    const next = new URL(body.next);
    path = `${next.pathname}${next.search}`;
  }
  return path;
}
