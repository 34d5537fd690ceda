// The audit trail keeps who acted for ever (id and email, after the account is gone) and records
// every deletion of a user, every deletion of someone else's post or comment, and admin notifications.
import { describe, expect, it } from "vitest";
import { createPost, signUp, type TestUser } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { deleteUser } from "../users/service.js";

const t = useTestApp();

interface Entry {
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetId: string | null;
  details: Record<string, unknown> | null;
}

let auditor: TestUser;
async function entries(): Promise<Entry[]> {
  auditor ??= await signUp(t, { roles: ["ADMIN"] });
  const res = await t.http.get("/api/admin/audit?limit=100").set("Cookie", auditor.cookie);
  expect(res.status).toBe(200);
  return res.body.entries as Entry[];
}

const entriesFor = async (targetId: string) => (await entries()).filter((entry) => entry.targetId === targetId);

async function comment(user: TestUser, postId: string) {
  const res = await t.http
    .post(`/api/v2/posts/${postId}/comments/`)
    .set("Cookie", user.cookie)
    .send({ content: "A comment" });
  expect(res.status).toBe(201);
  return res.body as { id: string; postId: string };
}

describe("the audit trail", () => {
  it("keeps the actor's id and email on an entry after the actor's account is deleted", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const other = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    expect(
      (
        await t.http
          .put(`/api/users/${user.id}/roles`)
          .set("Cookie", admin.cookie)
          .send({ roles: ["MODERATOR"] })
      ).status,
    ).toBe(200);
    expect((await t.http.delete(`/api/users/${admin.id}`).set("Cookie", other.cookie)).status).toBe(204);
    expect(await entriesFor(user.id)).toEqual([
      expect.objectContaining({ action: "user.set_roles", actorId: admin.id, actorEmail: admin.email }),
    ]);
  });

  it("records every user deletion, v1 and v2, with the deleted user's email", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const first = await signUp(t);
    const second = await signUp(t);
    expect((await t.http.delete(`/api/users/${first.id}`).set("Cookie", admin.cookie)).status).toBe(204);
    expect((await t.http.delete(`/api/v2/users/${second.id}/`).set("Cookie", admin.cookie)).status).toBe(204);
    for (const deleted of [first, second]) {
      expect(await entriesFor(deleted.id)).toEqual([
        expect.objectContaining({
          action: "user.delete",
          actorId: admin.id,
          actorEmail: admin.email,
          details: { email: deleted.email },
        }),
      ]);
    }
  });

  it("records a post deleted by someone other than its author, and not one deleted by its author", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const author = await signUp(t);
    const [byAdmin, byAdminV2, byAuthor, asAuthor] = [
      await createPost(t, author),
      await createPost(t, author, { visibility: "private" }),
      await createPost(t, author),
      await createPost(t, author),
    ];
    expect((await t.http.delete(`/api/posts/${byAdmin.id}`).set("Cookie", admin.cookie)).status).toBe(200);
    expect((await t.http.delete(`/api/v2/posts/${byAdminV2.id}/`).set("Cookie", admin.cookie)).status).toBe(204);
    expect((await t.http.delete(`/api/posts/${byAuthor.id}`).set("Cookie", author.cookie)).status).toBe(200);
    const impersonated = await t.http
      .delete(`/api/v2/posts/${asAuthor.id}/`)
      .query({ impersonatingUser: author.id })
      .set("Cookie", admin.cookie);
    expect(impersonated.status).toBe(204);
    for (const post of [byAdmin, byAdminV2]) {
      expect(await entriesFor(post.id)).toEqual([
        expect.objectContaining({ action: "post.delete", actorId: admin.id, details: { authorId: author.id } }),
      ]);
    }
    expect(await entriesFor(byAuthor.id)).toEqual([]);
    expect((await entriesFor(asAuthor.id)).map((entry) => [entry.action, entry.actorId, entry.details])).toEqual([
      ["post.delete", admin.id, { authorId: author.id, actingAs: author.id }],
    ]);
  });

  it("records a comment deleted by a moderator or the post's author, and not one deleted by its author", async () => {
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const postAuthor = await signUp(t);
    const commenter = await signUp(t);
    const post = await createPost(t, postAuthor);
    const [byModerator, byPostAuthor, byCommenter] = [
      await comment(commenter, post.id),
      await comment(commenter, post.id),
      await comment(commenter, post.id),
    ];
    const remove = (user: TestUser, id: string) =>
      t.http.delete(`/api/v2/posts/${post.id}/comments/${id}/`).set("Cookie", user.cookie);
    expect((await remove(moderator, byModerator.id)).status).toBe(204);
    expect((await remove(postAuthor, byPostAuthor.id)).status).toBe(204);
    expect((await remove(commenter, byCommenter.id)).status).toBe(204);
    expect(await entriesFor(byModerator.id)).toEqual([
      expect.objectContaining({
        action: "comment.delete",
        actorId: moderator.id,
        details: { authorId: commenter.id, postId: post.id },
      }),
    ]);
    expect(await entriesFor(byPostAuthor.id)).toEqual([
      expect.objectContaining({ action: "comment.delete", actorId: postAuthor.id }),
    ]);
    expect(await entriesFor(byCommenter.id)).toEqual([]);
  });

  it("records an admin notification with its recipient and message", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const sent = await t.http
      .post("/api/v2/notifications/")
      .set("Cookie", admin.cookie)
      .send({ userId: user.id, message: "Welcome aboard" });
    expect(sent.status).toBe(201);
    expect(await entriesFor(user.id)).toEqual([
      expect.objectContaining({
        action: "notification.send",
        actorId: admin.id,
        actorEmail: admin.email,
        details: { notificationId: sent.body.id, message: "Welcome aboard" },
      }),
    ]);
  });

  // Service level: the deletion and its entry commit together, so a failing entry keeps the user.
  it("keeps the user when the deletion's audit entry cannot be written", async () => {
    const user = await signUp(t);
    const failing = () => {
      throw new Error("the audit entry could not be written");
    };
    await expect(deleteUser(t.database.db, user.id, failing)).rejects.toThrow("audit entry");
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).status).toBe(200);
  });
});
