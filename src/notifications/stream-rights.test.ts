import { beforeAll, describe, expect, it } from "vitest";
import { signUp, type TestUser } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";
import { openRawStream, useTestAppStreams } from "../../test/streams.js";
import { setUserRoles } from "../users/service.js";

// A live stream keeps only the rights its opener still has: the guard that let it open is run
// again whenever the opener's user or session changes, and the development adminKey, which
// elevates a single request, cannot open one. A development app, so that the key exists.

const ADMIN_KEY = "0123456789abcdef-dev";
const t = useTestApp({ NODE_ENV: "development", DEV_MODE_ADMIN_KEY: ADMIN_KEY });
const host = useTestAppStreams(t);

async function send(admin: TestUser, userId: string, message: string): Promise<void> {
  const res = await t.http.post("/api/v2/notifications/").set("Cookie", admin.cookie).send({ userId, message });
  expect(res.status).toBe(201);
}

describe("a live stream's rights", () => {
  let sender: TestUser;
  beforeAll(async () => {
    sender = await signUp(t, { roles: ["ADMIN"] });
  });

  it("ends when its impersonating ADMIN is demoted, before the next notification to the impersonated user", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const ada = await signUp(t, { name: "Ada" });
    const stream = await openRawStream(host, admin, `?impersonatingUser=${ada.id}`);
    await send(sender, ada.id, "while still an admin");
    expect(
      await poll(
        () => stream.text(),
        (text) => text.includes("while still an admin"),
      ),
    ).toContain("while still an admin");
    await setUserRoles(t.database.db, admin.id, ["USER"]);
    expect(
      await poll(
        () => stream.ended(),
        (ended) => ended,
      ),
    ).toBe(true);
    await send(sender, ada.id, "after the demotion");
    expect(stream.text()).not.toContain("after the demotion");
  });

  it("keeps an impersonating ADMIN's stream while the ADMIN keeps the role", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const ada = await signUp(t, { name: "Ada" });
    const stream = await openRawStream(host, admin, `?impersonatingUser=${ada.id}`);
    await setUserRoles(t.database.db, admin.id, ["ADMIN", "MODERATOR"]);
    await send(sender, ada.id, "still allowed");
    expect(
      await poll(
        () => stream.text(),
        (text) => text.includes("still allowed"),
      ),
    ).toContain("still allowed");
    expect(stream.ended()).toBe(false);
    await stream.cancel();
  });

  it("keeps an ADMIN's own stream opened with an empty impersonatingUser, as the request that opened it", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const stream = await openRawStream(host, admin, "?impersonatingUser=");
    await setUserRoles(t.database.db, admin.id, ["ADMIN", "MODERATOR"]);
    await send(sender, admin.id, "to the admin themself");
    expect(
      await poll(
        () => stream.text(),
        (text) => text.includes("to the admin themself"),
      ),
    ).toContain("to the admin themself");
    expect(stream.ended()).toBe(false);
    await stream.cancel();
  });

  it("cannot be opened with adminKey: 400 JSON, nothing elevated", async () => {
    const user = await signUp(t);
    const ada = await signUp(t, { name: "Ada" });
    const res = await fetch(`${host.base}/api/v2/notifications/?adminKey=${ADMIN_KEY}&impersonatingUser=${ada.id}`, {
      headers: { cookie: user.cookie, accept: "text/event-stream" },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await res.json()).toEqual({ detail: "A live stream cannot be opened with adminKey" });
    expect(t.logs.some((entry) => entry.message === "Admin elevation through adminKey")).toBe(false);
  });

  it("lets the list be read with adminKey, as any one request", async () => {
    const user = await signUp(t);
    const res = await t.http.get(`/api/v2/notifications/?adminKey=${ADMIN_KEY}`).set("Cookie", user.cookie);
    expect(res.status).toBe(200);
  });
});
