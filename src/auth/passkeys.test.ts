// Passkeys over HTTP, with a software authenticator (test/software-authenticator.ts) answering as
// a browser's platform authenticator would, and hostile clients answering as they please.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessionCookieOf, signUp, type TestUser, unknownId } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { SoftwareAuthenticator } from "../../test/software-authenticator.js";
import { auditLog, passkeys, verifications } from "../db/schema.js";

const t = useTestApp({ REQUIRE_TWO_FACTOR_ROLES: "ADMIN" });
const ORIGIN = "http://localhost:3000";

type Res = { status: number; body: Record<string, unknown>; headers: Record<string, unknown> };

const withCookies = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).join("; ");

function challengeCookieOf(res: Res): string {
  const cookies = (res.headers["set-cookie"] as string[] | undefined) ?? [];
  const found = cookies.find((cookie) => cookie.startsWith("auth.passkey_challenge="));
  if (!found) throw new Error(`no challenge cookie in ${JSON.stringify(cookies)}`);
  return found.split(";")[0]!;
}

const get = (path: string, cookie?: string) => {
  const req = t.http.get(`/api/auth/passkey${path}`);
  if (cookie) req.set("Cookie", cookie);
  return req as unknown as Promise<Res>;
};

const post = (path: string, body: unknown, cookie?: string) => {
  const req = t.http.post(`/api/auth/passkey${path}`).set("Origin", ORIGIN);
  if (cookie) req.set("Cookie", cookie);
  if (typeof body === "string")
    return req.set("Content-Type", "application/json").send(body) as unknown as Promise<Res>;
  return req.send(body as object) as unknown as Promise<Res>;
};

/** Registers a new passkey of the user's; answers the authenticator and the passkey's id. */
async function register(user: TestUser, name = "laptop") {
  const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
  const options = await get("/generate-register-options", user.cookie);
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  expect(options.body.rp).toEqual({ name: "posts-api", id: "localhost" });
  const response = authenticator.register(options.body as never);
  const verified = await post(
    "/verify-registration",
    { response, name },
    withCookies(user.cookie, challengeCookieOf(options)),
  );
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  expect(verified.body).toMatchObject({ name, credentialID: authenticator.id, transports: ["internal"] });
  return { authenticator, id: verified.body.id as string };
}

async function authenticationOptions() {
  const options = await get("/generate-authenticate-options");
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return { options: options.body as { challenge: string; rpId: string }, cookie: challengeCookieOf(options) };
}

async function signInWith(authenticator: SoftwareAuthenticator) {
  const { options, cookie } = await authenticationOptions();
  return post("/verify-authentication", { response: authenticator.authenticate(options) }, cookie);
}

const profileStatus = async (cookie: string) => (await t.http.get("/api/profile").set("Cookie", cookie)).status;

function expectJsonRefusal(res: Res, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(typeof res.body.code === "string" || typeof res.body.error === "string").toBe(true);
}

describe("passkeys", () => {
  it("registers a passkey while signed in, then signs in with it alone", async () => {
    const user = await signUp(t);
    const { authenticator, id } = await register(user);

    const signedIn = await signInWith(authenticator);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect((signedIn.body.user as { id: string }).id).toBe(user.id);
    const cookie = sessionCookieOf(signedIn.headers["set-cookie"] as string[]);
    expect(await profileStatus(cookie)).toBe(200);

    const session = await t.http.get("/api/auth/get-session").set("Cookie", cookie);
    expect(session.body.user.id).toBe(user.id);

    const listed = await get("/list-user-passkeys", cookie);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({ id, name: "laptop", credentialID: authenticator.id, lastUsedAt: expect.any(String) }),
    ]);
    const [stored] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, id));
    expect(stored!.counter).toBe(2);
  });

  it("lists only one's own passkeys and deletes them; another's is a 404, audited add and remove", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const { id } = await register(owner);
    await register(other, "phone");

    const othersList = await get("/list-user-passkeys", other.cookie);
    expect((othersList.body as unknown as { name: string }[]).map((passkey) => passkey.name)).toEqual(["phone"]);

    const refused = await post("/delete-passkey", { id }, other.cookie);
    expectJsonRefusal(refused, 404);
    expect(refused.body.code).toBe("PASSKEY_NOT_FOUND");
    for (const bad of ["not-a-uuid", unknownId, "' or 1=1 --"])
      expectJsonRefusal(await post("/delete-passkey", { id: bad }, owner.cookie), 404);

    const deleted = await post("/delete-passkey", { id }, owner.cookie);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ status: true });
    expect((await get("/list-user-passkeys", owner.cookie)).body).toEqual([]);
    expectJsonRefusal(await post("/delete-passkey", { id }, owner.cookie), 404);

    const audited = await t.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.targetId, owner.id));
    expect(audited.map((row) => row.action).sort()).toEqual(["user.passkey_add", "user.passkey_remove"]);
    expect(audited.every((row) => row.details?.passkeyId === id)).toBe(true);
  });

  it("refuses registration and listing without a session", async () => {
    expectJsonRefusal(await get("/generate-register-options"), 401);
    expectJsonRefusal(await get("/list-user-passkeys"), 401);
    expectJsonRefusal(await post("/delete-passkey", { id: unknownId }), 401);
    const user = await signUp(t);
    const options = await get("/generate-register-options", user.cookie);
    const response = new SoftwareAuthenticator({ origin: ORIGIN }).register(options.body as never);
    expectJsonRefusal(await post("/verify-registration", { response }, challengeCookieOf(options)), 401);
  });

  it("uses a challenge once: a replayed assertion is refused", async () => {
    const user = await signUp(t);
    const { authenticator } = await register(user);
    const { options, cookie } = await authenticationOptions();
    const response = authenticator.authenticate(options);
    expect((await post("/verify-authentication", { response }, cookie)).status).toBe(200);

    const replayed = await post("/verify-authentication", { response }, cookie);
    expectJsonRefusal(replayed, 400);
    expect(replayed.body.code).toBe("CHALLENGE_NOT_FOUND");
    // A challenge the authenticator signed, sent under a fresh one, fails the signature's check.
    const fresh = await authenticationOptions();
    const stale = await post("/verify-authentication", { response }, fresh.cookie);
    expectJsonRefusal(stale, 401);
    expect(stale.body.code).toBe("AUTHENTICATION_FAILED");
  });

  it("refuses an expired challenge, and a registration challenge for a sign-in", async () => {
    const user = await signUp(t);
    const { authenticator } = await register(user);
    const { options, cookie } = await authenticationOptions();
    await t.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await post("/verify-authentication", { response: authenticator.authenticate(options) }, cookie);
    expectJsonRefusal(expired, 400);
    expect(expired.body.code).toBe("CHALLENGE_NOT_FOUND");

    const registration = await get("/generate-register-options", user.cookie);
    const crossed = await post(
      "/verify-authentication",
      { response: authenticator.authenticate({ ...(registration.body as { challenge: string }), rpId: "localhost" }) },
      challengeCookieOf(registration),
    );
    expectJsonRefusal(crossed, 400);
    expect(crossed.body.code).toBe("CHALLENGE_NOT_FOUND");
  });

  it("refuses another user's credential and challenge", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const { authenticator } = await register(alice);

    // Bob registers Alice's credential again: it is hers.
    const options = await get("/generate-register-options", bob.cookie);
    const again = await post(
      "/verify-registration",
      { response: authenticator.register(options.body as never) },
      withCookies(bob.cookie, challengeCookieOf(options)),
    );
    expectJsonRefusal(again, 400);
    expect(again.body.code).toBe("PASSKEY_ALREADY_REGISTERED");

    // Alice's registration challenge sent with Bob's session.
    const alices = await get("/generate-register-options", alice.cookie);
    const stolen = await post(
      "/verify-registration",
      { response: new SoftwareAuthenticator({ origin: ORIGIN }).register(alices.body as never) },
      withCookies(bob.cookie, challengeCookieOf(alices)),
    );
    expectJsonRefusal(stolen, 400);

    // An assertion whose user handle names Bob, with Alice's credential.
    const { options: request, cookie } = await authenticationOptions();
    authenticator.userHandle = Buffer.from(bob.id).toString("base64url");
    const forged = await post("/verify-authentication", { response: authenticator.authenticate(request) }, cookie);
    expectJsonRefusal(forged, 401);
    expect(forged.body.code).toBe("PASSKEY_NOT_FOUND");

    // A credential no one registered.
    const unknown = await signInWith(new SoftwareAuthenticator({ origin: ORIGIN }));
    expectJsonRefusal(unknown, 401);
  });

  it("refuses an assertion for another origin or without user verification", async () => {
    const user = await signUp(t);
    const { authenticator } = await register(user);
    const phishing = new SoftwareAuthenticator({ origin: "https://evil.example" });
    Object.assign(phishing, { credentialId: authenticator.credentialId });
    expectJsonRefusal(await signInWith(phishing), 401);

    const options = await get("/generate-register-options", user.cookie);
    const unverified = await post(
      "/verify-registration",
      { response: new SoftwareAuthenticator({ origin: ORIGIN, userVerified: false }).register(options.body as never) },
      withCookies(user.cookie, challengeCookieOf(options)),
    );
    expectJsonRefusal(unverified, 400);
    expect(unverified.body.code).toBe("REGISTRATION_FAILED");
  });

  it("answers malformed responses with JSON 4xx, never 500", async () => {
    const user = await signUp(t);
    const { authenticator } = await register(user);
    const valid = authenticator.authenticate((await authenticationOptions()).options);
    const bodies: unknown[] = [
      "{not json",
      "null",
      "[]",
      '"response"',
      {},
      { response: null },
      { response: "x" },
      { response: [] },
      { response: { ...valid, id: 42 } },
      { response: { ...valid, type: "password" } },
      { response: { ...valid, response: { ...valid.response, signature: "!!!" } } },
      { response: { ...valid, response: { ...valid.response, signature: "AAAA" } } },
      { response: { ...valid, response: { ...valid.response, authenticatorData: "AAAA" } } },
      {
        response: {
          ...valid,
          response: { ...valid.response, clientDataJSON: Buffer.from("{}").toString("base64url") },
        },
      },
      { response: { ...valid, response: { ...valid.response, clientDataJSON: "bm90IGpzb24" } } },
      { response: { ...valid, response: { ...valid.response, userHandle: 7 } } },
      { response: { ...valid, id: "A".repeat(5000) } },
      { response: { ...valid, clientExtensionResults: "nope" } },
    ];
    for (const body of bodies) {
      const { cookie } = await authenticationOptions();
      const res = await post("/verify-authentication", body, cookie);
      expect(
        res.status,
        `${JSON.stringify(body).slice(0, 200)} -> ${res.status} ${JSON.stringify(res.body)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectJsonRefusal(res, res.status);
    }

    const registration = [
      {},
      { response: {} },
      { response: { ...valid } },
      {
        response: {
          id: "AAAA",
          rawId: "AAAA",
          type: "public-key",
          response: { clientDataJSON: "AAAA", attestationObject: "AAAA" },
        },
      },
      {
        response: {
          id: "AAAA",
          rawId: "AAAA",
          type: "public-key",
          response: { clientDataJSON: "AAAA", attestationObject: "oA" },
        },
      },
      { response: "x", name: ["laptop"] },
    ];
    for (const body of registration) {
      const options = await get("/generate-register-options", user.cookie);
      const res = await post("/verify-registration", body, withCookies(user.cookie, challengeCookieOf(options)));
      expect(res.status, `${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(res.status).toBeLessThan(500);
      expectJsonRefusal(res, res.status);
    }

    const huge = await post("/verify-authentication", { response: { id: "A".repeat(2 * 1024 * 1024) } });
    expectJsonRefusal(huge, 413);
    const noChallenge = await post("/verify-authentication", { response: valid });
    expectJsonRefusal(noChallenge, 400);
    expect(noChallenge.body.code).toBe("CHALLENGE_NOT_FOUND");
    const forgedCookie = await post("/verify-authentication", { response: valid }, "auth.passkey_challenge=abc.def");
    expectJsonRefusal(forgedCookie, 400);
  });

  it("keeps one pending challenge per client: a new one replaces the last", async () => {
    const first = await get("/generate-authenticate-options");
    const before = (await t.database.db.select().from(verifications)).length;
    const second = await get("/generate-authenticate-options", challengeCookieOf(first));
    expect(second.status).toBe(200);
    expect((await t.database.db.select().from(verifications)).length).toBe(before);
  });
});

describe("a passkey sign-in is both factors", () => {
  it("opens the routes REQUIRE_TWO_FACTOR_ROLES guards, which a password session does not", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const { authenticator } = await register(admin);
    expect((await t.http.get("/api/admin/users").set("Cookie", admin.cookie)).status).toBe(403);

    const signedIn = await signInWith(authenticator);
    expect(signedIn.status).toBe(200);
    const cookie = sessionCookieOf(signedIn.headers["set-cookie"] as string[]);
    expect((await t.http.get("/api/admin/users").set("Cookie", cookie)).status).toBe(200);
  });

  it("does not ask a user with TOTP enrolled for a code", async () => {
    const user = await signUp(t);
    const enabled = await t.http
      .post("/api/auth/two-factor/enable")
      .set("Origin", ORIGIN)
      .set("Cookie", user.cookie)
      .send({ password: user.password });
    expect(enabled.status).toBe(200);
    const { authenticator } = await register(user);
    const signedIn = await signInWith(authenticator);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.twoFactorRedirect).toBeUndefined();
    expect(await profileStatus(sessionCookieOf(signedIn.headers["set-cookie"] as string[]))).toBe(200);
  });
});

describe("the passkey ceremonies' rate limit", () => {
  const limited = useTestApp({ RATE_LIMIT_ENABLED: "true", RATE_LIMIT_AUTH: "3" });

  it("counts options and verification against RATE_LIMIT_AUTH, as password sign-in", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await limited.http.get("/api/auth/passkey/generate-authenticate-options")).status);
    const refused = await limited.http
      .post("/api/auth/passkey/verify-authentication")
      .set("Origin", ORIGIN)
      .send({ response: {} });
    expect(statuses).toEqual([200, 200, 200]);
    expect(refused.status).toBe(429);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    // Listing is not a credential request: the global limit, not this one.
    expect((await limited.http.get("/api/auth/passkey/list-user-passkeys")).status).toBe(401);
  });
});
