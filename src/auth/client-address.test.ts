import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sessionCookieOf, useSecondApp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";

// The address better-auth records on a session (`ipAddress` in list-sessions) is the client's as
// Express resolves it under TRUST_PROXY, never what a client writes in a forwarding header.

const PRODUCTION = {
  NODE_ENV: "production",
  BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
  RATE_LIMIT_ENABLED: "false",
};
const direct = useTestApp(PRODUCTION);
const behindProxy = useSecondApp(direct, { ...PRODUCTION, TRUST_PROXY: "loopback" });

/** Signs a new user up with the given request headers; answers the address their session records. */
async function recordedAddress(app: typeof behindProxy, headers: Record<string, string>): Promise<string> {
  const email = `address-${randomUUID()}@example.com`;
  const signUp = await app.http
    .post("/api/auth/sign-up/email")
    .set(headers)
    .send({ name: "Address", email, password: "correct horse battery" });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
  const cookie = sessionCookieOf(signUp.headers["set-cookie"]);
  const sessions = await app.http.get("/api/auth/list-sessions").set("Cookie", cookie);
  expect(sessions.status).toBe(200);
  expect(sessions.body).toHaveLength(1);
  return sessions.body[0].ipAddress as string;
}

describe("the client address a session records", () => {
  it("is the connection's address when no proxy is trusted, whatever X-Forwarded-For says", async () => {
    expect(await recordedAddress(direct, {})).toBe("127.0.0.1");
    expect(await recordedAddress(direct, { "X-Forwarded-For": "203.0.113.9" })).toBe("127.0.0.1");
  });

  it("is the address the trusted proxy forwarded, also when the client added its own entries", async () => {
    expect(await recordedAddress(behindProxy, { "X-Forwarded-For": "203.0.113.9" })).toBe("203.0.113.9");
    expect(await recordedAddress(behindProxy, { "X-Forwarded-For": "198.51.100.7, 203.0.113.9" })).toBe("203.0.113.9");
  });

  it("cannot be set through the header the service hands better-auth", async () => {
    expect(await recordedAddress(direct, { "X-Client-Address": "203.0.113.9" })).toBe("127.0.0.1");
  });
});
