import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { forgetRememberedReads, RememberedReads, writesSoFar } from "../db/remembered-reads.js";
import { sessions } from "../db/schema.js";
import { deleteUser } from "../users/service.js";

// Session reads are remembered for SESSION_CACHE_MS (session-lookup.ts). A long one here, so the
// test that waits it out has seconds of margin on a loaded machine.
const REMEMBER_MS = 3000;
const t = useTestApp({ SESSION_CACHE_MS: String(REMEMBER_MS) });
const noAuthSession = { error: "No auth session" };

const profileStatus = async (cookie: string) => (await t.http.get("/api/profile").set("Cookie", cookie)).status;

describe("remembered session reads", () => {
  it("see another process's sign-out within SESSION_CACHE_MS, not later", async () => {
    const user = await signUp(t);
    const firstRead = performance.now();
    expect(await profileStatus(user.cookie)).toBe(200);
    // As another instance (or the CLI) would: straight to the database, unseen by this process.
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await profileStatus(user.cookie)).toBe(200);
    await sleep(REMEMBER_MS + 100 - (performance.now() - firstRead));
    const res = await t.http.get("/api/profile").set("Cookie", user.cookie);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(noAuthSession);
  });

  it("are forgotten by a sign-out through this process: the next request is refused", async () => {
    const user = await signUp(t);
    expect(await profileStatus(user.cookie)).toBe(200);
    const out = await t.http.post("/api/auth/sign-out").set("Cookie", user.cookie).set("Origin", t.config.authUrl);
    expect(out.status).toBe(200);
    expect(await profileStatus(user.cookie)).toBe(401);
  });

  it("are forgotten by a role change through this process: the next request has the new roles", async () => {
    const user = await signUp(t);
    const admin = await signUp(t, { roles: ["ADMIN"] });
    expect((await t.http.get("/api/users").set("Cookie", user.cookie)).status).toBe(403);
    const promoted = await t.http.put(`/api/users/${user.id}/roles`).set("Cookie", admin.cookie).send({ roles: ["ADMIN"] });
    expect(promoted.status).toBe(200);
    expect((await t.http.get("/api/users").set("Cookie", user.cookie)).status).toBe(200);
    const demoted = await t.http.put(`/api/users/${user.id}/roles`).set("Cookie", admin.cookie).send({ roles: ["USER"] });
    expect(demoted.status).toBe(200);
    expect((await t.http.get("/api/users").set("Cookie", user.cookie)).status).toBe(403);
  });

  it("are forgotten by a deletion through the service, as the CLI makes it", async () => {
    const user = await signUp(t);
    expect(await profileStatus(user.cookie)).toBe(200);
    await deleteUser(t.database.db, user.id);
    expect(await profileStatus(user.cookie)).toBe(401);
  });
});

describe("RememberedReads", () => {
  it("keeps a read until any write, and never one that a write overtook", () => {
    const reads = new RememberedReads<number>({ max: 10, ttlMs: 60_000 });
    reads.remember("a", 1, writesSoFar());
    expect(reads.get("a")).toBe(1);
    forgetRememberedReads();
    expect(reads.get("a")).toBeUndefined();

    const before = writesSoFar();
    forgetRememberedReads();
    reads.remember("b", 2, before);
    expect(reads.get("b")).toBeUndefined();
  });

  it("remembers nothing with a lifetime of 0", () => {
    const reads = new RememberedReads<number>({ max: 10, ttlMs: 0 });
    reads.remember("a", 1, writesSoFar());
    expect(reads.get("a")).toBeUndefined();
  });
});
