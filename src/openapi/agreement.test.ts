// The document says what the service does: what it accepts is what the document allows, on the
// service's own routes and on better-auth's.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUp, useSecondApp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import type { OpenApiDocument } from "./document.js";

const t = useTestApp();
const limited = useSecondApp(t, { RATE_LIMIT_ENABLED: "true", RATE_LIMIT_GLOBAL: "1000" });
const BAD_EMAIL = "x@bad-.example.com";
type Json = Record<string, unknown>;

async function servedDocument(): Promise<OpenApiDocument> {
  return (await t.http.get("/api/openapi.json")).body as OpenApiDocument;
}

function bodySchema(document: OpenApiDocument, path: string, method: "post" | "put" | "patch") {
  const operation = document.paths?.[path]?.[method] as { requestBody?: Json } | undefined;
  const body = operation?.requestBody as { required?: boolean; content: Record<string, { schema: Json }> };
  return { required: body.required, schema: body.content["application/json"]!.schema };
}

const propertiesOf = (schema: Json) => schema.properties as Record<string, Json>;

/** Every `email` property of the document, wherever it is, with where it is. */
function emailSchemas(value: unknown, where = ""): [string, Json][] {
  if (value === null || typeof value !== "object") return [];
  const found: [string, Json][] = [];
  for (const [key, inner] of Object.entries(value)) {
    if (key === "email" && where.endsWith("properties") && inner && typeof inner === "object")
      found.push([`${where}.email`, inner as Json]);
    found.push(...emailSchemas(inner, `${where}.${key}`));
  }
  return found;
}

describe("better-auth's operations in the document", () => {
  it("lists get-session as the GET it is, and sign-out as open to anyone", async () => {
    const document = await servedDocument();
    expect(Object.keys(document.paths?.["/api/auth/get-session"] ?? {})).toEqual(["get"]);
    expect((await t.http.post("/api/auth/get-session")).status).toBe(404);
    expect(document.paths?.["/api/auth/sign-out"]?.post?.security).toEqual([{}, { sessionCookie: [] }]);
    expect((await t.http.post("/api/auth/sign-out")).status).toBe(200);
  });

  it("marks the bodies better-auth requires as required", async () => {
    const document = await servedDocument();
    for (const path of ["sign-up/email", "sign-in/email", "change-password", "update-user", "revoke-session"])
      expect(bodySchema(document, `/api/auth/${path}`, "post").required, path).toBe(true);
    const user = await signUp(t);
    const res = await t.http
      .post("/api/auth/revoke-session")
      .set("Cookie", user.cookie)
      .set("Origin", t.config.authUrl);
    expect(res.status).toBe(400);
  });

  it("states the limits the service holds better-auth's fields to", async () => {
    const document = await servedDocument();
    const signUpFields = propertiesOf(bodySchema(document, "/api/auth/sign-up/email", "post").schema);
    expect(signUpFields.name).toMatchObject({ type: "string", minLength: 2, maxLength: 100 });
    expect(signUpFields.email).toMatchObject({ type: "string", format: "email", maxLength: 254 });
    expect(signUpFields.password).toMatchObject({ type: "string", minLength: 8, maxLength: 128 });
    expect(signUpFields.image).toMatchObject({ maxLength: 2048 });
    const change = propertiesOf(bodySchema(document, "/api/auth/change-password", "post").schema);
    expect(change.newPassword).toMatchObject({ type: "string", minLength: 8, maxLength: 128 });
    const update = propertiesOf(bodySchema(document, "/api/auth/update-user", "post").schema);
    expect(update.name).toMatchObject({ minLength: 2, maxLength: 100 });
  });
});

describe("one email rule", () => {
  it("refuses an address whose domain label ends in a hyphen wherever an address is set", async () => {
    const fresh = () => ({ name: "Some One", email: BAD_EMAIL, password: "a sound passphrase" });
    const signUpRes = await t.http.post("/api/auth/sign-up/email").send(fresh());
    expect(signUpRes.status).toBe(400);
    expect(signUpRes.body.code).toBe("INVALID_EMAIL");
    expect((await t.http.post("/api/users").send(fresh())).status).toBe(400);
    expect((await t.http.post("/api/v2/users/").send(fresh())).status).toBe(400);
    const user = await signUp(t);
    expect(
      (await t.http.put(`/api/users/${user.id}`).set("Cookie", user.cookie).send({ email: BAD_EMAIL })).status,
    ).toBe(400);
    for (const method of ["put", "patch"] as const) {
      const res = await t.http[method](`/api/v2/users/${user.id}/`)
        .set("Cookie", user.cookie)
        .send({ name: "Some One", email: BAD_EMAIL });
      expect(res.status, method).toBe(400);
    }
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user.email).toBe(user.email);
  });

  it("is the document's rule too: every email property refuses it and accepts a plain address", async () => {
    const emails = emailSchemas(await servedDocument()).filter(([, schema]) => schema.pattern !== undefined);
    expect(emails.length).toBeGreaterThanOrEqual(4);
    for (const [where, schema] of emails) {
      const pattern = new RegExp(String(schema.pattern), "u");
      expect(pattern.test(BAD_EMAIL), where).toBe(false);
      expect(pattern.test(`someone-${randomUUID()}@mail.example.com`), where).toBe(true);
    }
  });
});

describe("ordering", () => {
  it("documents a pattern that accepts exactly what the service accepts", async () => {
    const document = await servedDocument();
    const parameters = document.paths?.["/api/v2/posts/"]?.get?.parameters as { name: string; schema: Json }[];
    const ordering = parameters.find((parameter) => parameter.name === "ordering")!;
    const pattern = new RegExp(String(ordering.schema.pattern), "u");
    for (const value of [
      "title",
      "-created_at",
      "updated_at,-title",
      "-title,created_at,updated_at",
      "",
      "titles",
      "-",
      "title,",
      "--title",
      "name",
      "created_at;title",
    ]) {
      const res = await t.http.get("/api/v2/posts/").query({ ordering: value });
      expect(res.status === 200, JSON.stringify(value)).toBe(pattern.test(value));
    }
  });
});

describe("an ADMIN's empty impersonatingUser", () => {
  it("is read as absent: the ADMIN acts as themselves, in both versions", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const profile = await t.http.get("/api/profile?impersonatingUser=").set("Cookie", admin.cookie);
    expect(profile.status).toBe(200);
    expect(profile.body.user.id).toBe(admin.id);
    const v2 = await t.http.get(`/api/v2/users/${admin.id}/?impersonatingUser=`).set("Cookie", admin.cookie);
    expect(v2.status).toBe(200);
    expect(v2.body.email).toBe(admin.email);
  });
});

describe("what a reader and a generated client need", () => {
  it("names and summarises every operation, describes every tag and says where the service is", async () => {
    const document = await servedDocument();
    expect(document.servers).toEqual([{ url: "/", description: expect.any(String) }]);
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item ?? {}) as [string, Json][]) {
        expect(operation.operationId, `${method} ${path}`).toEqual(expect.any(String));
        expect(operation.summary, `${method} ${path}`).toEqual(expect.any(String));
        ids.add(String(operation.operationId));
      }
    }
    expect(ids.size).toBeGreaterThanOrEqual(50);
    for (const tag of document.tags ?? []) expect(tag.description, tag.name).toEqual(expect.any(String));
  });

  it("documents the RateLimit headers a limited route sends", async () => {
    const res = await limited.http.get("/api/v2/tags/");
    expect(res.headers.ratelimit).toMatch(/^limit=1000, remaining=\d+, reset=\d+$/);
    expect(res.headers["ratelimit-policy"]).toBe("1000;w=60");
    const document = await servedDocument();
    const headers = (document.paths?.["/api/v2/tags/"]?.get?.responses?.["200"] as Json).headers as Json;
    expect(Object.keys(headers)).toEqual(["RateLimit", "RateLimit-Policy"]);
    expect(Object.keys(document.components?.headers ?? {})).toEqual(["RateLimit", "RateLimit-Policy"]);
  });
});

describe("Swagger UI's prefilled examples", () => {
  /** The body Swagger UI starts from: the media type's example, else one built from the properties' examples. */
  function prefilled(document: OpenApiDocument, path: string): Json {
    const media = (document.paths?.[path]?.post?.requestBody as { content: Record<string, Json> }).content[
      "application/json"
    ]!;
    if (media.example) return media.example as Json;
    const properties = propertiesOf(media.schema as Json);
    return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, schema.example]));
  }

  it("sign up, sign in, post and comment as prefilled", async () => {
    const document = await servedDocument();
    const signedUp = await t.http.post("/api/auth/sign-up/email").send(prefilled(document, "/api/auth/sign-up/email"));
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
    const signedIn = await t.http.post("/api/auth/sign-in/email").send(prefilled(document, "/api/auth/sign-in/email"));
    expect(signedIn.status).toBe(200);
    const cookie = String(signedIn.headers["set-cookie"]![0]).split(";")[0]!;
    const post = await t.http.post("/api/v2/posts/").set("Cookie", cookie).send(prefilled(document, "/api/v2/posts/"));
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    const comment = await t.http
      .post(`/api/v2/posts/${post.body.id}/comments/`)
      .set("Cookie", cookie)
      .send(prefilled(document, "/api/v2/posts/{postId}/comments/"));
    expect(comment.status).toBe(201);
    expect(
      (await t.http.post("/api/users").send({ ...prefilled(document, "/api/users"), email: "ada2@example.com" }))
        .status,
    ).toBe(201);
  });

  it("shows a plain address, not one generated from the pattern, for every email", async () => {
    for (const [where, schema] of emailSchemas(await servedDocument()).filter(([, s]) => s.pattern !== undefined))
      expect(schema.example, where).toBe("ada@example.com");
  });
});
