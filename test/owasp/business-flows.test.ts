// OWASP API Security Top 10 (2023), API6: the flows worth automating (accounts, password guessing,
// mass posting) are limited per client or tied to an account.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createPost, signUp } from "../factories.js";
import { useAuthRateLimitedApp, useOwaspApp, validPost } from "./helpers.js";

const { t } = useOwaspApp();
const limited = useAuthRateLimitedApp(t);

describe("API6:2023 Unrestricted Access to Sensitive Business Flows", () => {
  // The flows worth automating here are account creation (spam accounts), password guessing and
  // mass posting. The first two are limited per client at RATE_LIMIT_AUTH a minute (API4 tests
  // every credential route); posting and commenting fall under RATE_LIMIT_GLOBAL and need a session.
  // Moderation, role changes and notifications are role functions (API5).
  it("stops one client from creating accounts in bulk, whichever of the three doors it uses", async () => {
    const client = "198.51.100.200";
    const statuses: number[] = [];
    for (const path of [
      "/api/auth/sign-up/email",
      "/api/users",
      "/api/v2/users/",
      "/api/users",
      "/api/auth/sign-up/email",
    ]) {
      const res = await limited.http
        .post(path)
        .set("X-Forwarded-For", client)
        .send({ name: "Bulk Account", email: `bulk-${randomUUID()}@example.com`, password: "long enough password" });
      statuses.push(res.status);
    }
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it("needs a session to post or comment, so mass posting is tied to an account", async () => {
    const post = await createPost(t, await signUp(t));
    expect((await t.http.post("/api/posts").send(validPost)).status).toBe(401);
    expect((await t.http.post(`/api/v2/posts/${post.id}/comments/`).send({ content: "spam" })).status).toBe(401);
  });
});
