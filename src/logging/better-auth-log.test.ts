// A client's mistake on better-auth's endpoints (an untrusted callback URL or origin) is logged as
// a warning at most: nobody may write error-level lines, which page an operator, at will.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";

const t = useTestApp();

describe("better-auth's refusals of a client's URLs", () => {
  it("are logged as warnings, never as errors", async () => {
    const user = await signUp(t);
    const from = t.logs.length;
    const callback = await t.http.post("/api/auth/sign-up/email").send({
      name: "Callback Test",
      email: `cb-${randomUUID()}@example.com`,
      password: "a long passphrase",
      callbackURL: "https://evil.example/landing",
    });
    expect(callback.status).toBe(403);
    expect(callback.body).toMatchObject({ code: "INVALID_CALLBACK_URL" });
    const origin = await t.http
      .post("/api/auth/sign-out")
      .set("Cookie", user.cookie)
      .set("Origin", "https://evil.example");
    expect(origin.status).toBe(403);
    expect(origin.body).toMatchObject({ code: "INVALID_ORIGIN" });

    const logged = t.logs.slice(from);
    expect(logged.filter((entry) => entry.level === "error")).toEqual([]);
    expect(logged.filter((entry) => entry.level === "warn").map((entry) => entry.message)).toEqual([
      "better-auth: Invalid callbackURL: https://evil.example/landing",
      "better-auth: Invalid origin: https://evil.example",
    ]);
  });

  it("keep only the start of a long refused value", async () => {
    const from = t.logs.length;
    // Longer than the log keeps, short enough for the service to pass it on (2,048 at most).
    const callbackURL = `https://evil.example/${"x".repeat(1_500)}`;
    const res = await t.http.post("/api/auth/sign-up/email").send({
      name: "Long Callback",
      email: `lc-${randomUUID()}@example.com`,
      password: "a long passphrase",
      callbackURL,
    });
    expect(res.status).toBe(403);
    const [warning] = t.logs.slice(from).filter((entry) => entry.level === "warn");
    expect(String(warning!.message)).toBe(`better-auth: Invalid callbackURL: ${callbackURL.slice(0, 479)}…`);
  });
});
