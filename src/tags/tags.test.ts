import { expect, it } from "vitest";
import { createPost, signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";

const t = useTestApp();

it("lists the tags of visible posts with their counts as a plain array, most used first", async () => {
  const author = await signUp(t);
  const moderator = await signUp(t, { roles: ["MODERATOR"] });
  await createPost(t, author, { tags: ["typescript", "node"] });
  await createPost(t, author, { tags: ["typescript"] });
  await createPost(t, author, { tags: ["secret", "typescript"], visibility: "private" });
  const hidden = await createPost(t, author, { tags: ["moderated"] });
  await t.http.post("/api/moderate").set("Cookie", moderator.cookie).send({ postId: hidden.id, action: "hide" });

  const anonymous = await t.http.get("/api/v2/tags/");
  expect(anonymous.status).toBe(200);
  expect(anonymous.body).toEqual([
    { name: "typescript", count: 2 },
    { name: "node", count: 1 },
  ]);
  const own = await t.http.get("/api/v2/tags").set("Cookie", author.cookie);
  expect(own.body).toEqual([
    { name: "typescript", count: 3 },
    { name: "moderated", count: 1 },
    { name: "node", count: 1 },
    { name: "secret", count: 1 },
  ]);
  const moderated = await t.http.get("/api/v2/tags/").set("Cookie", moderator.cookie);
  expect(moderated.body).toEqual([
    { name: "typescript", count: 2 },
    { name: "moderated", count: 1 },
    { name: "node", count: 1 },
  ]);
});
