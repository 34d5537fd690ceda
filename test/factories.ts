import { randomUUID } from "node:crypto";
import type supertest from "supertest";
import { expect } from "vitest";
import type { Role } from "../src/roles.js";
import { setUserRoles } from "../src/users/service.js";
import { type TestApp, useStartedApp } from "./harness.js";
import type { StartedApp } from "./start-app.js";

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
  roles: Role[];
  /** The `Cookie` header value that carries this user's session. */
  cookie: string;
}

/** Signs a new user up through better-auth, as a client would; roles are then set as an operator would. */
export async function signUp(t: TestApp, options: { roles?: Role[]; name?: string } = {}): Promise<TestUser> {
  const email = `user-${randomUUID()}@example.com`;
  const name = options.name ?? "Test User";
  const password = "correct horse battery";
  const res = await t.http.post("/api/auth/sign-up/email").send({ name, email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id: string = res.body.user.id;
  const roles = options.roles ?? ["USER"];
  if (options.roles) await setUserRoles(t.database.db, id, roles);
  return { id, email, name, password, roles, cookie: sessionCookieOf(res.headers["set-cookie"]) };
}

/** The session cookie, `auth.session_token` or in production `__Secure-auth.session_token`. */
export function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = cookies.find((cookie) => /^(__Secure-)?auth\.session_token=/.test(cookie));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(setCookie)}`);
  return session.split(";")[0]!;
}

export interface PostOverrides {
  title?: string;
  content?: string;
  tags?: string[];
  visibility?: "public" | "private";
}

let postCounter = 0;

/** Creates a post through the API as the given user. */
export async function createPost(t: TestApp, author: TestUser, overrides: PostOverrides = {}) {
  postCounter += 1;
  const res = await t.http
    .post("/api/posts")
    .set("Cookie", author.cookie)
    .send({ title: `Post number ${postCounter}`, content: `Content of post number ${postCounter}.`, ...overrides });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.post as {
    id: string;
    title: string;
    authorId: string;
    visibility: string;
    status: string;
    createdAt: string;
  };
}

/** v1's validation refusal naming exactly these fields, each with a message. */
export function validationFailure(...fields: string[]) {
  return {
    error: "Invalid request",
    code: "validation_error",
    details: Object.fromEntries(fields.map((field) => [field, [expect.any(String)]])),
  };
}

/** A syntactically valid id that belongs to nothing. */
export const unknownId = "00000000-0000-4000-8000-000000000000";

/** Signs an existing user in through the given app (e.g. a second app in production mode); returns the cookie. */
export async function signIn(
  http: ReturnType<typeof supertest>,
  user: Pick<TestUser, "email" | "password">,
): Promise<string> {
  const res = await http.post("/api/auth/sign-in/email").send({ email: user.email, password: user.password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sessionCookieOf(res.headers["set-cookie"]);
}

export type SecondApp = StartedApp;

/**
 * A second app on the test file's database with other settings (development, production, CORS):
 * its own configuration, better-auth instance (same cheap test hasher) and log. Call at the top
 * level of a test file, after `useTestApp()`. `realPasswordHashing` keeps better-auth's scrypt, for
 * users written by other means than the test app (the CLI).
 */
export function useSecondApp(
  t: TestApp,
  env: Record<string, string>,
  options: { realPasswordHashing?: boolean } = {},
): SecondApp {
  return useStartedApp(() => ({ beside: t, env, realPasswordHashing: options.realPasswordHashing }));
}

/** The log entries that carry a given field value, e.g. every entry about one endpoint. */
export function logsWith(logs: Record<string, unknown>[], field: string, value: unknown): Record<string, unknown>[] {
  return logs.filter((entry) => entry[field] === value);
}

/** The v2 error bodies a client sees, in Django REST framework's wording. */
export const v2Errors = {
  notAuthenticated: { detail: "Authentication credentials were not provided." },
  forbidden: { detail: "You do not have permission to perform this action." },
  notFound: { detail: "Not found." },
  invalidPage: { detail: "Invalid page." },
  invalidCursor: { detail: "Invalid cursor" },
} as const;
