// OWASP API Security Top 10 (2023), API7: the service requests no URL a client gives it and follows
// no redirect to another origin.
import { once } from "node:events";
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { signUp } from "../factories.js";
import { send, useOwaspApp, validPost } from "./helpers.js";

const { t } = useOwaspApp();

describe("API7:2023 Server Side Request Forgery", () => {
  // The service fetches no URL: no webhook, no avatar download, no link preview, and better-auth's
  // social providers (which call out) are not configured. A URL a client stores is only stored.
  it("stores a URL a client gives (better-auth's user image) without ever requesting it", async () => {
    let hits = 0;
    const target = createHttpServer((_req, res) => {
      hits++;
      res.end();
    }).listen(0, "127.0.0.1");
    await once(target, "listening");
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/internal`;
    try {
      const user = await signUp(t);
      const res = await t.http
        .post("/api/auth/update-user")
        .set("Cookie", user.cookie)
        .set("Origin", t.config.authUrl)
        .send({ image: url });
      expect(res.status).toBe(200);
      await t.http.get("/api/auth/get-session").set("Cookie", user.cookie);
      await t.http.get("/api/profile").set("Cookie", user.cookie);
      const post = await t.http
        .post("/api/posts")
        .set("Cookie", user.cookie)
        .send({ ...validPost, content: `See ${url} for more` });
      expect(post.status).toBe(201);
      expect(hits).toBe(0);
    } finally {
      target.close();
    }
  });

  it("does not follow a callback URL to another origin", async () => {
    const user = await signUp(t);
    const res = await t.http
      .post("/api/auth/sign-in/email")
      .send({ email: user.email, password: user.password, callbackURL: "http://169.254.169.254/latest" });
    expect(res.status).toBe(403);
    expect(res.headers.location).toBeUndefined();
  });

  it("serves none of better-auth's outward flows: social sign-in, OAuth callbacks, account linking", async () => {
    for (const [method, path] of [
      ["POST", "/api/auth/sign-in/social"],
      ["GET", "/api/auth/callback/github"],
      ["POST", "/api/auth/link-social"],
      ["POST", "/api/auth/refresh-token"],
    ] as const) {
      const res = await send(t.http, method, path, { body: method === "POST" ? { provider: "github" } : undefined });
      expect(res.status, path).toBe(404);
      expect(res.body.code, path).toBe("not_found");
    }
  });
});
