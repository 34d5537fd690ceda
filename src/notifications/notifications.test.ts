import type { Response } from "supertest";
import { describe, expect, it } from "vitest";
import { createPost, signUp, type TestUser, unknownId, v2Errors } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { setPostStatus } from "../posts/service.js";
import { setUserRoles } from "../users/service.js";
import { UUID } from "../db/uuid.js";

const t = useTestApp();
const { notAuthenticated, forbidden, notFound, invalidCursor } = v2Errors;

const NOTIFICATION_KEYS = ["createdAt", "id", "message", "postId", "type", "userId"];

interface Notification {
  id: string;
  userId: string;
  type: string;
  message: string;
  postId: string | null;
  createdAt: string;
}

async function send(admin: TestUser, userId: string, message: string) {
  const res = await t.http.post("/api/v2/notifications/").set("Cookie", admin.cookie).send({ userId, message });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Notification;
}

/** Every notification of a user, following `next` to the end. */
async function allNotifications(user: TestUser): Promise<Notification[]> {
  const found: Notification[] = [];
  let url: string | null = "/api/v2/notifications/";
  while (url) {
    const res: Response = await t.http.get(url).set("Cookie", user.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    found.push(...res.body.results);
    url = res.body.next ? relative(res.body.next) : null;
  }
  return found;
}

/** The path and query of an absolute link, for supertest. */
const relative = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

const cursorOf = (link: string) => new URL(link).searchParams.get("cursor")!;

/** A different character at position i, so the string no longer matches its signature (or payload). */
const flip = (value: string, i: number) => value.slice(0, i) + (value[i] === "A" ? "B" : "A") + value.slice(i + 1);

describe("POST /api/v2/notifications/", () => {
  it("lets an ADMIN send a notification: 201 and the bare notification, trimmed", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const res = await t.http
      .post("/api/v2/notifications/")
      .set("Cookie", admin.cookie)
      .send({ userId: user.id, message: "  Maintenance tonight  ", type: "comment", postId: unknownId });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(NOTIFICATION_KEYS);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(UUID),
      userId: user.id,
      type: "admin",
      message: "Maintenance tonight",
      postId: null,
    });
    expect(await allNotifications(user)).toEqual([res.body]);
  });

  it("is 401 without a session and 403 for USER and MODERATOR, with DRF's wording", async () => {
    const user = await signUp(t);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const body = { userId: user.id, message: "Hello" };
    const anonymous = await t.http.post("/api/v2/notifications/").send(body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(notAuthenticated);
    for (const sender of [user, moderator]) {
      const res = await t.http.post("/api/v2/notifications/").set("Cookie", sender.cookie).send(body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden);
    }
    expect(await allNotifications(user)).toEqual([]);
  });

  it("answers validation failures with a map from field to messages", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ["message", "userId"]],
      [{ userId: "not-a-uuid", message: "Hi" }, ["userId"]],
      [{ userId: user.id, message: "   " }, ["message"]],
      [{ userId: user.id, message: "x".repeat(1001) }, ["message"]],
      [{ userId: user.id, message: 42 }, ["message"]],
    ];
    for (const [body, fields] of cases) {
      const res = await t.http.post("/api/v2/notifications/").set("Cookie", admin.cookie).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(Object.fromEntries(fields.map((field) => [field, [expect.any(String)]])));
    }
    expect((await send(admin, user.id, "x".repeat(1000))).message).toHaveLength(1000);
  });

  it("refuses an unknown userId as a field error, as DRF's related fields do", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const res = await t.http
      .post("/api/v2/notifications/")
      .set("Cookie", admin.cookie)
      .send({ userId: unknownId, message: "Hello" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ userId: [`Invalid pk "${unknownId}" - object does not exist.`] });
  });
});

describe("GET and DELETE /api/v2/notifications/", () => {
  it("is 401 without a session on every route", async () => {
    for (const res of [
      await t.http.get("/api/v2/notifications/"),
      await t.http.get(`/api/v2/notifications/${unknownId}/`),
      await t.http.delete(`/api/v2/notifications/${unknownId}/`),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(notAuthenticated);
    }
  });

  it("lists only the requestor's own notifications, newest first", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const alice = await signUp(t);
    const bob = await signUp(t);
    const first = await send(admin, alice.id, "First for Alice");
    await send(admin, bob.id, "For Bob");
    const second = await send(admin, alice.id, "Second for Alice");
    const res = await t.http.get("/api/v2/notifications/").set("Cookie", alice.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ next: null, previous: null, results: [second, first] });
    expect((await allNotifications(bob)).map((n) => n.message)).toEqual(["For Bob"]);
  });

  it("retrieves an own notification; another user's id is 404, for an ADMIN too", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const alice = await signUp(t);
    const bob = await signUp(t);
    const notification = await send(admin, alice.id, "Only for Alice");
    const own = await t.http.get(`/api/v2/notifications/${notification.id}/`).set("Cookie", alice.cookie);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(notification);
    // The path without the trailing slash is served the same.
    expect((await t.http.get(`/api/v2/notifications/${notification.id}`).set("Cookie", alice.cookie)).body).toEqual(
      notification,
    );
    for (const other of [bob, admin]) {
      const res = await t.http.get(`/api/v2/notifications/${notification.id}/`).set("Cookie", other.cookie);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    const unknown = await t.http.get(`/api/v2/notifications/${unknownId}/`).set("Cookie", alice.cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(notFound);
    const malformed = await t.http.get("/api/v2/notifications/nope/").set("Cookie", alice.cookie);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ id: [expect.any(String)] });
  });

  it("deletes an own notification (204); another user's id is 404 and it stays", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const alice = await signUp(t);
    const bob = await signUp(t);
    const notification = await send(admin, alice.id, "Delete me");
    for (const other of [bob, admin]) {
      const res = await t.http.delete(`/api/v2/notifications/${notification.id}/`).set("Cookie", other.cookie);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    expect(await allNotifications(alice)).toEqual([notification]);
    const deleted = await t.http.delete(`/api/v2/notifications/${notification.id}/`).set("Cookie", alice.cookie);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect(await allNotifications(alice)).toEqual([]);
    const again = await t.http.delete(`/api/v2/notifications/${notification.id}/`).set("Cookie", alice.cookie);
    expect(again.status).toBe(404);
    expect((await t.http.get(`/api/v2/notifications/${notification.id}/`).set("Cookie", alice.cookie)).status).toBe(
      404,
    );
  });
});

describe("cursor pagination of notifications", () => {
  it("pages by 10, newest first, with absolute links; next visits every row once, previous walks back", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const sent: Notification[] = [];
    for (let i = 0; i < 23; i++) sent.push(await send(admin, user.id, `Message ${i}`));
    const newestFirst = sent.toReversed().map((n) => n.id);

    const pages: { next: string | null; previous: string | null; results: Notification[] }[] = [];
    let url: string | null = "/api/v2/notifications/";
    while (url) {
      const res: Response = await t.http.get(url).set("Cookie", user.cookie);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(["next", "previous", "results"]);
      pages.push(res.body);
      url = res.body.next ? relative(res.body.next) : null;
    }
    expect(pages.map((page) => page.results.length)).toEqual([10, 10, 3]);
    expect(pages.flatMap((page) => page.results.map((n) => n.id))).toEqual(newestFirst);
    expect(pages[0]!.previous).toBeNull();
    expect(pages[0]!.next).toMatch(new RegExp(`^${t.config.authUrl}/api/v2/notifications/\\?cursor=`));
    expect(pages[2]!.next).toBeNull();

    // Walking back from the last page gives the same pages in reverse, and ends with previous null.
    let back = pages[2]!.previous;
    for (const expected of [pages[1]!, pages[0]!]) {
      const res = await t.http.get(relative(back!)).set("Cookie", user.cookie);
      expect(res.body.results).toEqual(expected.results);
      expect(res.body.next).not.toBeNull();
      back = res.body.previous;
    }
    expect(back).toBeNull();
  });

  it("refuses a tampered, malformed or repeated cursor with 400 Invalid cursor", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    for (let i = 0; i < 11; i++) await send(admin, user.id, `Message ${i}`);
    const first = await t.http.get("/api/v2/notifications/").set("Cookie", user.cookie);
    const cursor = cursorOf(first.body.next);
    expect((await t.http.get(relative(first.body.next)).set("Cookie", user.cookie)).status).toBe(200);
    const [payload, signature] = cursor.split(".") as [string, string];
    for (const bad of [
      `${flip(payload, 3)}.${signature}`,
      `${payload}.${flip(signature, 3)}`,
      `${payload}.`,
      payload,
      "garbage",
      "",
    ]) {
      const res = await t.http.get("/api/v2/notifications/").query({ cursor: bad }).set("Cookie", user.cookie);
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual(invalidCursor);
    }
    const repeated = await t.http.get(`/api/v2/notifications/?cursor=a&cursor=b`).set("Cookie", user.cookie);
    expect(repeated.status).toBe(400);
    expect(repeated.body).toEqual(invalidCursor);
  });

  it("keeps a cursor to its owner's rows: another user following it sees only their own", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const alice = await signUp(t);
    const bob = await signUp(t);
    const older = await send(admin, bob.id, "For Bob, before");
    for (let i = 0; i < 12; i++) await send(admin, alice.id, `For Alice ${i}`);
    await send(admin, bob.id, "For Bob, after");
    const first = await t.http.get("/api/v2/notifications/").set("Cookie", alice.cookie);
    const res = await t.http.get(relative(first.body.next)).set("Cookie", bob.cookie);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([older]);
  });
});

describe("notifications written by the service", () => {
  async function moderate(moderator: TestUser, postId: string, action: "hide" | "restore") {
    return t.http.post("/api/moderate").set("Cookie", moderator.cookie).send({ postId, action });
  }

  it("tells a post's author when moderation hides and restores the post", async () => {
    const author = await signUp(t);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const post = await createPost(t, author, { title: "A post to moderate" });
    expect((await moderate(moderator, post.id, "hide")).status).toBe(200);
    expect((await moderate(moderator, post.id, "restore")).status).toBe(200);
    const found = await allNotifications(author);
    expect(found.map(({ type, message, postId, userId }) => ({ type, message, postId, userId }))).toEqual([
      {
        type: "moderation",
        message: 'Your post "A post to moderate" was restored by moderation',
        postId: post.id,
        userId: author.id,
      },
      {
        type: "moderation",
        message: 'Your post "A post to moderate" was hidden by moderation',
        postId: post.id,
        userId: author.id,
      },
    ]);
  });

  it("writes nothing when moderation leaves the status as it was, or is refused", async () => {
    const author = await signUp(t);
    const user = await signUp(t);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const post = await createPost(t, author);
    expect((await moderate(moderator, post.id, "restore")).status).toBe(200);
    expect((await moderate(user, post.id, "hide")).status).toBe(403);
    expect(await allNotifications(author)).toEqual([]);
    expect((await moderate(moderator, post.id, "hide")).status).toBe(200);
    expect((await moderate(moderator, post.id, "hide")).status).toBe(200);
    expect((await allNotifications(author)).map((n) => n.message)).toEqual([
      `Your post "${post.title}" was hidden by moderation`,
    ]);
  });

  it("tells a user when an ADMIN changes their roles, and only when they change", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const setRoles = (roles: string[]) =>
      t.http.put(`/api/users/${user.id}/roles`).set("Cookie", admin.cookie).send({ roles });
    expect((await setRoles(["USER"])).status).toBe(200);
    expect(await allNotifications(user)).toEqual([]);
    expect((await setRoles(["USER", "MODERATOR"])).status).toBe(200);
    expect((await setRoles(["MODERATOR", "USER"])).status).toBe(200);
    const found = await allNotifications(user);
    expect(found.map(({ type, message, postId, userId }) => ({ type, message, postId, userId }))).toEqual([
      { type: "roles", message: "Your roles were changed to USER, MODERATOR", postId: null, userId: user.id },
    ]);
  });

  it("writes nothing for a refused role change", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const before = await allNotifications(admin);
    const selfDemotion = await t.http
      .put(`/api/users/${admin.id}/roles`)
      .set("Cookie", admin.cookie)
      .send({ roles: ["USER"] });
    expect(selfDemotion.status).toBe(409);
    const notAdmin = await t.http
      .put(`/api/users/${user.id}/roles`)
      .set("Cookie", user.cookie)
      .send({ roles: ["ADMIN"] });
    expect(notAdmin.status).toBe(403);
    const invalid = await t.http
      .put(`/api/users/${user.id}/roles`)
      .set("Cookie", admin.cookie)
      .send({ roles: ["KING"] });
    expect(invalid.status).toBe(400);
    expect(await allNotifications(admin)).toEqual(before);
    expect(await allNotifications(user)).toEqual([]);
    const profile = await t.http.get("/api/profile").set("Cookie", admin.cookie);
    expect(profile.body.user.roles).toEqual(["ADMIN"]);
  });

  it("notifies on a role change made outside HTTP too (the set-roles command's service function)", async () => {
    const user = await signUp(t);
    await setUserRoles(t.database.db, user.id, ["MODERATOR"]);
    expect((await allNotifications(user)).map((n) => n.message)).toEqual(["Your roles were changed to MODERATOR"]);
  });

  // Service level: nothing over HTTP can make the audit entry fail after the change.
  it("rolls the notification back with the change when its audit entry cannot be written", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author);
    const failing = () => {
      throw new Error("the audit entry could not be written");
    };
    const db = t.database.db;
    await expect(setPostStatus(db, post.id, "hidden", failing)).rejects.toThrow("audit entry");
    await expect(setUserRoles(db, author.id, ["MODERATOR"], failing)).rejects.toThrow("audit entry");
    expect(await allNotifications(author)).toEqual([]);
    expect((await t.http.get(`/api/posts/${post.id}`)).status).toBe(200);
    expect((await t.http.get("/api/profile").set("Cookie", author.cookie)).body.user.roles).toEqual(["USER"]);
  });
});
