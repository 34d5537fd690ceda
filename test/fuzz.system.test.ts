// Property-based fuzzing over every route of the app's route table: generated paths, query
// strings, headers and bodies, sent anonymously, with a user's session, with an admin's and with
// forged cookies. Every answer must be a complete JSON response below 500, and the rows of a fixed
// set of users and posts (and their comments and notifications) must be unchanged afterwards.
// FUZZ_SEED=<n> replays a run; FUZZ_REQUESTS=<n> changes its size.
import { once } from "node:events";
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost, signIn, signUp, type TestUser, unknownId } from "./factories.js";
import { useTestApp } from "./harness.js";
import { fillPath, type Route, servedRoutes } from "./route-rules.js";
import { TestSmtpServer } from "./smtp.js";

// A real SMTP server: without one the mailing endpoints answer their documented 503, which the
// fuzz would count as a server error.
const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());
const t = useTestApp(() => ({ SMTP_URL: smtp.url }));

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const BATCH = 50;
const REQUEST_TIMEOUT_MS = 15_000;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const TABLES = ["users", "accounts", "posts", "comments", "notifications"] as const;

type Auth = "anonymous" | "user" | "admin" | "forged";

interface FuzzRequest {
  auth: Auth;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  chunked: boolean;
}

interface Outcome {
  status?: number;
  requestId?: string;
  contentType?: string;
  body?: string;
  error?: string;
}

/** The fixed set: users and everything they own, which no fuzzed request may change. */
interface Sentinels {
  users: TestUser[];
  posts: string[];
  comments: string[];
  notifications: string[];
}

const sentinels: Sentinels = { users: [], posts: [], comments: [], notifications: [] };
const actors = {} as Record<"user" | "admin", TestUser>;
let routes: Route[];
let fuzzOwnedPosts: string[] = [];

async function rowsOf(table: (typeof TABLES)[number], ids: string[]) {
  const column = table === "accounts" ? "user_id" : "id";
  const values = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await t.database.db.execute(
    sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} in (${values}) order by id`,
  );
  return (result as { rows: unknown[] }).rows;
}

async function snapshot() {
  const userIds = sentinels.users.map((user) => user.id);
  const ids = {
    users: userIds,
    accounts: userIds,
    posts: sentinels.posts,
    comments: sentinels.comments,
    notifications: sentinels.notifications,
  };
  return Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await rowsOf(table, ids[table])])));
}

beforeAll(async () => {
  if (!t.server.listening) await once(t.server, "listening");
  routes = servedRoutes(t);
  const admin = await signUp(t, { roles: ["ADMIN"] });
  const moderator = await signUp(t, { roles: ["MODERATOR"] });
  const alice = await signUp(t);
  const bob = await signUp(t);
  const guest = await signUp(t, { roles: ["GUEST"] });
  sentinels.users.push(admin, moderator, alice, bob, guest);
  for (const author of [alice, bob, admin]) {
    for (const visibility of ["public", "private"] as const) {
      const post = await createPost(t, author, { visibility, tags: ["fuzz", visibility] });
      sentinels.posts.push(post.id);
      const comment = await t.http
        .post(`/api/v2/posts/${post.id}/comments/`)
        .set("Cookie", author.cookie)
        .send({ content: "Sentinel comment" });
      expect(comment.status).toBe(201);
      sentinels.comments.push(comment.body.id);
    }
  }
  const hidden = sentinels.posts[0]!;
  expect(
    (await t.http.post("/api/moderate").set("Cookie", moderator.cookie).send({ postId: hidden, action: "hide" }))
      .status,
  ).toBe(200);
  const notes = await t.database.db.execute(sql`select id from notifications`);
  sentinels.notifications.push(...(notes as { rows: { id: string }[] }).rows.map((row) => row.id));
  expect(sentinels.notifications.length).toBeGreaterThan(0);

  actors.user = await signUp(t);
  actors.admin = await signUp(t, { roles: ["ADMIN"] });
  fuzzOwnedPosts = [
    (await createPost(t, actors.user)).id,
    (await createPost(t, actors.user, { visibility: "private" })).id,
    (await createPost(t, actors.admin)).id,
  ];
});

// ---------------------------------------------------------------------------------------------
// Generators

const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** Percent-encodes any string byte by byte (lone surrogates included, which encodeURIComponent refuses). */
const percentEncode = (value: string) =>
  [...Buffer.from(value, "utf8")]
    .map((byte) =>
      UNRESERVED.test(String.fromCharCode(byte)) && byte < 128
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "null",
  "undefined",
  "true",
  "0",
  "-1",
  "1e309",
  "NaN",
  "Infinity",
  "9007199254740993",
  "999999999999999999999",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "../../etc/passwd",
  "'; drop table users; --",
  '" or 1=1 --',
  "<script>alert(1)</script>",
  "${7*7}",
  "%00",
  "%zz",
  "\u202e\u0645\ud83d\ude00",
  "\ud800",
  "\uffff",
  "ADMIN",
  "admin@example.com",
  "x".repeat(300),
];

const anyString = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 4, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  // Long: past every field's length limit, up to about 60 kB.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }), fc.integer({ min: 50, max: 7_000 }))
      .map(([s, n]) => s.repeat(n)),
  },
);

/** Ids a request may name: the fixed set's (never with the admin's cookie, which could rightly change them), its own, random and malformed ones. */
function idPool(auth: Auth) {
  const own = [...fuzzOwnedPosts];
  const protectedIds = [
    ...sentinels.users.map((user) => user.id),
    ...sentinels.posts,
    ...sentinels.comments,
    ...sentinels.notifications,
    actors.user.id,
    actors.admin.id,
  ];
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(auth === "admin" ? own : [...own, ...protectedIds])) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constant(unknownId) },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    { weight: 2, arbitrary: anyString },
  );
}

const BETTER_AUTH_ENDPOINTS = [
  "sign-up/email",
  "sign-in/email",
  "sign-out",
  "get-session",
  "update-user",
  "change-password",
  "list-sessions",
  "revoke-session",
  "revoke-sessions",
  "revoke-other-sessions",
  "error",
  "ok",
  "callback/github",
  "sign-in/social",
  "verify-email",
  "reset-password/token",
  "request-password-reset",
  "delete-user",
  "list-accounts",
];

function pathArb(route: Route, auth: Auth) {
  const ids = idPool(auth);
  const segment = anyString.map(percentEncode);
  const params = [...route.path.matchAll(/:([A-Za-z_$][\w$]*)/g)].map((match) => match[1]!);
  const filled = fc
    .record({
      values: fc.tuple(...params.map(() => ids.map(percentEncode))),
      wildcard: fc.oneof(
        fc.constantFrom(...BETTER_AUTH_ENDPOINTS),
        fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join("/")),
      ),
    })
    .map(({ values, wildcard }) =>
      fillPath(route.path, Object.fromEntries(params.map((name, i) => [name, values[i]!])), unknownId, wildcard),
    );
  const mutation = fc.constantFrom("none", "none", "none", "slash", "upper", "double-slash", "extra", "dot", "encoded");
  return fc.tuple(filled, mutation, segment).map(([path, how, extra]) => {
    switch (how) {
      case "slash":
        return path.endsWith("/") ? path.slice(0, -1) || "/" : `${path}/`;
      case "upper":
        return path.toUpperCase();
      case "double-slash":
        return path.replace("/api/", "/api//");
      case "extra":
        return `${path.replace(/\/$/, "")}/${extra || "x"}`;
      case "dot":
        return path.replace("/api/", "/api/./x/../");
      case "encoded":
        return path.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
      default:
        return path;
    }
  });
}

const QUERY_KEYS = [
  "limit",
  "offset",
  "page",
  "page_size",
  "cursor",
  "search",
  "ordering",
  "tag",
  "author",
  "impersonatingUser",
  "adminKey",
  "callbackURL",
  "__proto__",
  "constructor",
  "limit[]",
  "a[b]",
];
const numberLike = fc.oneof(
  fc.integer({ min: -5, max: 200 }).map(String),
  fc.constantFrom("1e3", "0x10", "1.5", "", "999999999999", "9".repeat(40), "-0", " 5"),
);

function queryArb(auth: Auth) {
  const value = fc.oneof(
    numberLike,
    anyString,
    idPool(auth),
    fc.constantFrom("-created_at", "title", "-title", "created_at,title", "-"),
  );
  const pair = fc.tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) }, { weight: 1, arbitrary: anyString }),
    value,
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant("") },
    {
      weight: 6,
      arbitrary: fc
        .array(pair, { maxLength: 5 })
        .map((pairs) =>
          pairs.length ? `?${pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join("&")}` : "",
        ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "?",
        "?&&",
        "?=x",
        "?limit",
        "?%zz=1",
        "?limit=1&limit=2",
        "?cursor=abc.def",
        "?page=0",
      ),
    },
  );
}

const headerValue = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 60,
});

function headersArb() {
  return fc.record(
    {
      "content-type": fc.constantFrom(
        "application/json",
        "application/json; charset=utf-8",
        "application/json; charset=utf-16",
        "application/merge-patch+json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "",
        "json",
      ),
      accept: fc.constantFrom("application/json", "text/html", "*/*", "application/xml"),
      origin: fc.constantFrom("http://localhost:3000", "http://evil.example", "null"),
      "x-request-id": headerValue,
      "x-forwarded-for": fc.oneof(fc.ipV4(), headerValue),
      "user-agent": headerValue,
      "x-http-method-override": fc.constantFrom("DELETE", "PUT", "GET"),
      "content-encoding": fc.constantFrom("gzip", "deflate", "identity", "br"),
    },
    { requiredKeys: [] },
  );
}

const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype"];

const jsonLeaf = fc.oneof(
  anyString,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 1e308),
);
const { json: jsonArb } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    jsonLeaf,
    fc.array(tie("json"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom(...PROTOTYPE_KEYS, "title", "content", "roles", "id", "authorId"),
        fc.string({ maxLength: 8 }),
      ),
      tie("json"),
      {
        maxKeys: 4,
      },
    ),
  ),
}));

/** Bodies shaped like what the routes expect, with one field bent. */
const BASES: Record<string, unknown>[] = [
  { title: "A fuzzed title", content: "Fuzzed content, long enough.", tags: ["a"], visibility: "public" },
  { name: "Fuzzed Name", email: "fuzzed@example.com", password: "long enough password" },
  { email: "fuzzed@example.com", password: "long enough password" },
  { roles: ["USER"] },
  { postId: unknownId, action: "hide", reason: "fuzz" },
  { content: "A fuzzed comment" },
  { userId: unknownId, message: "A fuzzed notification" },
  { currentPassword: "long enough password", newPassword: "another long password" },
];
const shapedBody = fc
  .tuple(
    fc.constantFrom(...BASES),
    fc.option(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(
            ...PROTOTYPE_KEYS,
            "title",
            "content",
            "tags",
            "roles",
            "email",
            "postId",
            "action",
            "name",
            "visibility",
            "status",
            "authorId",
          ),
          fc.string({ maxLength: 8 }),
        ),
        jsonArb,
      ),
    ),
  )
  .map(([base, bent]) => {
    if (!bent) return JSON.stringify(base);
    const [key, value] = bent;
    // JSON text, so a "__proto__" key arrives as the client sent it (an object literal would set the prototype).
    return `{${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"},${JSON.stringify(base).slice(1)}`;
  });

const rawBody = fc.oneof(
  anyString,
  fc.integer({ min: 1, max: 5000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
  fc.integer({ min: 1, max: 3000 }).map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
  fc.constantFrom(
    '{"title":',
    "{",
    "[1,2",
    "\u0000",
    '{"a":"\\ud800"}',
    '"just a string"',
    "123",
    "null",
    "true",
    '{"__proto__":{"isAdmin":true}}',
  ),
  fc
    .constantFrom(100 * 1024 - 20, 100 * 1024 + 1, 1024 * 1024 + 1)
    .map((size) => JSON.stringify({ title: "x".repeat(size) })),
);

const bodyArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: shapedBody },
  { weight: 3, arbitrary: jsonArb.map((value) => JSON.stringify(value) ?? "null") },
  { weight: 2, arbitrary: rawBody },
);

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

const requestArb = () =>
  fc.constantFrom<Auth>("anonymous", "anonymous", "user", "user", "admin", "forged").chain((auth) =>
    fc.constantFrom(...routes).chain((route) =>
      fc.record({
        auth: fc.constant(auth),
        method: fc.oneof(
          { weight: 4, arbitrary: fc.constant(route.method === "ALL" ? "POST" : route.method) },
          { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
        ),
        // Node itself answers a request line and headers over 16 kB with 431 (no JSON): the service never sees it.
        path: fc.tuple(pathArb(route, auth), queryArb(auth)).map(([path, query]) => (path + query).slice(0, 8000)),
        headers: headersArb(),
        body: bodyArb,
        chunked: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      }),
    ),
  );

// ---------------------------------------------------------------------------------------------
// Sending

const agent = new Agent({ keepAlive: true, maxSockets: 32 });
let sent = 0;

function cookieOf(auth: Auth): string | undefined {
  if (auth === "user") return actors.user.cookie;
  if (auth === "admin") return actors.admin.cookie;
  if (auth === "forged") return `auth.session_token=${"f".repeat(32)}.${"A".repeat(43)}%3D`;
  return undefined;
}

function fire(spec: FuzzRequest, retry = true): Promise<Outcome> {
  const port = (t.server.address() as AddressInfo).port;
  const headers: Record<string, string> = { ...spec.headers };
  const cookie = cookieOf(spec.auth);
  if (cookie) headers.cookie = cookie;
  if (spec.body !== undefined && headers["content-type"] === undefined) headers["content-type"] = "application/json";
  // Node's client frames a body itself only for the methods that usually carry one.
  if (spec.body !== undefined) {
    if (spec.chunked) headers["transfer-encoding"] = "chunked";
    else headers["content-length"] = String(Buffer.byteLength(spec.body));
  }
  sent++;
  return new Promise((resolve) => {
    let req: ReturnType<typeof request>;
    try {
      req = request({ host: "127.0.0.1", port, method: spec.method, path: spec.path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            requestId: String(res.headers["x-request-id"]),
            contentType: res.headers["content-type"],
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", (error) => resolve({ error: `response: ${error.message}` }));
      });
    } catch (error) {
      // A request Node itself refuses to send (e.g. a path it finds unescaped) never reached the service.
      sent--;
      resolve({ status: 0, error: `not sent: ${(error as Error).message}` });
      return;
    }
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on("error", (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed as it was reused: the request never reached it.
      if (retry && req.reusedSocket && error.code === "ECONNRESET") resolve(fire(spec, false));
      else resolve({ error: error.message });
    });
    if (spec.body !== undefined && spec.chunked) {
      req.write(spec.body);
      req.end();
    } else {
      req.end(spec.body);
    }
  });
}

/** What is wrong with an answer, if anything: a 5xx, a body that is not JSON, no answer at all. */
function problemWith(spec: FuzzRequest, outcome: Outcome): string | undefined {
  if (outcome.status === 0) return undefined;
  if (outcome.error) return outcome.error;
  const status = outcome.status!;
  if (status >= 500) return `status ${status}`;
  if (status === 204) return outcome.body === "" ? undefined : "a 204 with a body";
  // The API reference page and its files are the only documents served (the harness holds their
  // types to the OpenAPI document); everything else answers JSON.
  if (
    status === 200 &&
    /^\/api\/docs(\/|\?|$)/i.test(spec.path) &&
    /^text\/(html|javascript|css)/.test(outcome.contentType ?? "")
  )
    return undefined;
  if (!/^application\/json/.test(outcome.contentType ?? "")) return `content-type ${outcome.contentType}`;
  if (spec.method === "HEAD") return undefined;
  try {
    JSON.parse(outcome.body ?? "");
  } catch {
    return "a body that is not JSON";
  }
  return undefined;
}

function describeRequest(spec: FuzzRequest, outcome: Outcome, problem: string): string {
  // What the service logged about it: the error handler's line names the error.
  const logged = t.logs.filter((entry) => entry.requestId === outcome.requestId && entry.level !== "http");
  return [
    `${problem}: ${spec.auth} ${spec.method} ${spec.path.slice(0, 200)}`,
    `headers=${JSON.stringify(spec.headers)} body=${JSON.stringify(spec.body?.slice(0, 200))}${spec.chunked ? " (chunked)" : ""}`,
    `-> ${outcome.status} ${outcome.body?.slice(0, 300)}`,
    `logged: ${JSON.stringify(logged.map(({ message, errorName, errorMessage, sqlState, stack }) => ({ message, errorName, errorMessage, sqlState, stack: (typeof stack === "string" ? stack : "").split("\n").slice(0, 4) })))}`,
  ].join("\n  ");
}

/** A session the fuzzing ended (sign-out, revoke-sessions) is opened again, so later batches keep it. */
async function renewSessions() {
  for (const key of ["user", "admin"] as const) {
    const session = await t.http.get("/api/auth/get-session").set("Cookie", actors[key].cookie);
    if (session.body?.user) continue;
    const rows = await t.database.db.execute(sql`select email from users where id = ${actors[key].id}`);
    const email = String((rows as { rows: { email: string }[] }).rows[0]!.email);
    actors[key] = { ...actors[key], email, cookie: await signIn(t.http, { email, password: actors[key].password }) };
  }
}

describe("fuzzing every route", () => {
  it(`answers ${REQUESTS} generated requests with JSON below 500 and changes none of the fixed users and posts`, async () => {
    const before = await snapshot();
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(fc.array(requestArb(), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const outcomes = await Promise.all(batch.map((spec) => fire(spec)));
        const problems = batch.flatMap((spec, i) => {
          const problem = problemWith(spec, outcomes[i]!);
          return problem ? [describeRequest(spec, outcomes[i]!, problem)] : [];
        });
        await renewSessions();
        if (problems.length) throw new Error(`${problems.length} bad answers:\n${problems.slice(0, 5).join("\n")}`);
      }),
      {
        numRuns: Math.ceil(REQUESTS / BATCH),
        seed: SEED,
        // A bound against a hang, not a speed check: beside other test files on a busy machine, the
        // 10,000 requests have taken more than three minutes.
        interruptAfterTimeLimit: 600_000,
        markInterruptAsFailure: true,
        // The failing requests are in the error (bodies cut short); fast-check's own report would
        // print every generated body of the batch in full, megabytes of them.
        endOnFailure: true,
        reporter: (details) => {
          if (!details.failed) return;
          const cause =
            details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
          throw new Error(`fuzzing failed (FUZZ_SEED=${SEED} replays it, after ${sent} requests): ${cause}`);
        },
      },
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `fuzz: ${sent} requests in ${seconds.toFixed(1)} s on ${t.database.kind} (seed ${SEED}, FUZZ_SEED=${SEED} replays it)`,
    );
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
    expect(await snapshot()).toEqual(before);
    // The service still serves the fixed set as before.
    const alice = sentinels.users[2]!;
    expect((await t.http.get("/api/profile").set("Cookie", alice.cookie)).body.user.id).toBe(alice.id);
  }, 720_000);
});
