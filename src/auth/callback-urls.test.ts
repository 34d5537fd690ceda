// A callback URL names the page a mailed link or a sign-in lands on. A path that leaves the service's
// origin once a browser resolves it (dot segments, `//`, `/\`) is refused before anything is mailed
// or redirected, on every endpoint and in every parameter that takes one.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { TestSmtpServer } from "../../test/smtp.js";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const t = useTestApp(() => ({ SMTP_URL: smtp.url }));
const ORIGIN = "http://localhost:3000";

const HOSTILE = [
  "/..//evil.example",
  "/../evil.example",
  "/./evil",
  "/a/../b",
  "/%2e%2e/%2fevil.example",
  "/%252e%252e//evil.example",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  `${ORIGIN}/a/../../b`,
  `/${"a".repeat(2_048)}`,
];

const CODES = {
  callbackURL: "INVALID_CALLBACK_URL",
  redirectTo: "INVALID_REDIRECT_URL",
  errorCallbackURL: "INVALID_ERROR_CALLBACK_URL",
  newUserCallbackURL: "INVALID_NEW_USER_CALLBACK_URL",
} as const;

function expectRefused(
  res: { status: number; body: unknown; headers: Record<string, unknown> },
  field: keyof typeof CODES,
  value: string,
) {
  expect(res.status, `${field}=${value}`).toBe(400);
  expect(res.headers.location, value).toBeUndefined();
  expect(res.body).toEqual({
    code: CODES[field],
    message: `${field} must be an absolute URL of a trusted origin or a path starting with a single "/", without "." or ".." segments, of at most 2048 characters`,
  });
}

describe("callback URLs that leave the origin", () => {
  it("are refused on a followed verification link, with or without a real token", async () => {
    for (const value of HOSTILE) {
      const res = await t.http.get(`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(value)}`);
      expectRefused(res, "callbackURL", value);
    }
  });

  it("are refused on a followed reset link", async () => {
    for (const value of HOSTILE) {
      const res = await t.http.get(`/api/auth/reset-password/some-token?callbackURL=${encodeURIComponent(value)}`);
      expectRefused(res, "callbackURL", value);
    }
  });

  it("are refused in every body that names a page", async () => {
    const user = await signUp(t);
    const bodies: [string, keyof typeof CODES, Record<string, unknown>][] = [
      [
        "/api/auth/sign-up/email",
        "callbackURL",
        { name: "New One", email: `n-${randomUUID()}@example.com`, password: "a long passphrase" },
      ],
      ["/api/auth/sign-in/email", "callbackURL", { email: user.email, password: user.password }],
      ["/api/auth/sign-in/email", "errorCallbackURL", { email: user.email, password: user.password }],
      ["/api/auth/sign-in/email", "newUserCallbackURL", { email: user.email, password: user.password }],
      ["/api/auth/request-password-reset", "redirectTo", { email: user.email }],
      ["/api/auth/send-verification-email", "callbackURL", { email: user.email }],
      ["/api/auth/change-email", "callbackURL", { newEmail: `c-${randomUUID()}@example.com` }],
    ];
    for (const [path, field, body] of bodies) {
      for (const value of ["/..//evil.example", "//evil.example", "/\\evil.example"]) {
        const res = await t.http
          .post(path)
          .set("Cookie", user.cookie)
          .set("Origin", ORIGIN)
          .send({ ...body, ...(field === "redirectTo" ? {} : { redirectTo: `${ORIGIN}/reset` }), [field]: value });
        expectRefused(res, field, value);
      }
    }
  });

  it("keeps paths and trusted absolute URLs working", async () => {
    const res = await t.http.post("/api/auth/sign-up/email").send({
      name: "Path User",
      email: `p-${randomUUID()}@example.com`,
      password: "a long passphrase",
      callbackURL: "/welcome/page.html?x=1",
    });
    expect(res.status).toBe(200);
    const verified = await t.http.get(
      `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(`${ORIGIN}/done`)}`,
    );
    expect(verified.status).toBe(302);
    expect(verified.headers.location).toBe(`${ORIGIN}/done?error=INVALID_TOKEN`);
  });
});
