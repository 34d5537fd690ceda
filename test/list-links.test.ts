// A list's window and its links: v1 reads `limit` and `offset` strictly (an empty value is no
// integer, for either), and v2's `next`/`previous` are links on the service's public URL, whatever
// Host or forwarded headers a client sent, without the development admin key.
import { describe, expect, it } from "vitest";
import { createPost, signUp, useSecondApp, validationFailure } from "./factories.js";
import { useTestApp } from "./harness.js";

const PUBLIC_URL = "https://api.example.test";
const ADMIN_KEY = "a-development-admin-key";
const t = useTestApp({ BETTER_AUTH_URL: PUBLIC_URL });
const development = useSecondApp(t, {
  NODE_ENV: "development",
  DEV_MODE_ADMIN_KEY: ADMIN_KEY,
  BETTER_AUTH_URL: PUBLIC_URL,
  TRUST_PROXY: "true",
});

describe("v1 limit and offset", () => {
  it("refuse an empty value alike, for both", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    for (const path of ["/api/posts", "/api/users"]) {
      for (const query of ["limit=", "offset=", "limit=&offset=", "offset=%20"]) {
        const res = await t.http.get(`${path}?${query}`).set("Cookie", admin.cookie);
        expect(res.status, `${path}?${query}`).toBe(400);
        const fields = query.split("&").map((pair) => `query.${pair.split("=")[0]}`);
        expect(res.body, query).toEqual(validationFailure(...fields));
      }
      expect((await t.http.get(`${path}?limit=1&offset=0`).set("Cookie", admin.cookie)).status).toBe(200);
    }
  });
});

describe("v2 next and previous links", () => {
  it("are on the public URL whatever Host or X-Forwarded-Host says", async () => {
    const author = await signUp(t);
    for (let i = 0; i < 3; i++) await createPost(t, author);
    const path = `/api/v2/posts/?author=${author.id}&page_size=1&page=2`;
    for (const app of [t, development]) {
      const res = await app.http
        .get(path)
        .set("Host", "evil.example")
        .set("X-Forwarded-Host", "evil.example")
        .set("X-Forwarded-Proto", "http");
      expect(res.status).toBe(200);
      expect(res.body.next).toBe(`${PUBLIC_URL}/api/v2/posts/?author=${author.id}&page_size=1&page=3`);
      expect(res.body.previous).toBe(`${PUBLIC_URL}/api/v2/posts/?author=${author.id}&page_size=1`);
    }
  });

  it("leave the development admin key out", async () => {
    const user = await signUp(t);
    for (let i = 0; i < 3; i++) await signUp(t);
    const res = await development.http
      .get(`/api/v2/users/?limit=1&offset=1&adminKey=${ADMIN_KEY}`)
      .set("Cookie", user.cookie)
      .set("Host", "evil.example");
    expect(res.status).toBe(200);
    expect(res.body.next).toBe(`${PUBLIC_URL}/api/v2/users/?limit=1&offset=2`);
    expect(res.body.previous).toBe(`${PUBLIC_URL}/api/v2/users/?limit=1`);
    expect(JSON.stringify(res.body)).not.toContain(ADMIN_KEY);
  });
});
