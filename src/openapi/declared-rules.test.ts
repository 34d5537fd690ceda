// The document states what the service enforces and sends, so a generated client, Swagger UI's
// "Try it out" and a fuzzer meet the service they describe.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { TestSmtpServer } from "../../test/smtp.js";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const t = useTestApp(() => ({ SMTP_URL: smtp.url }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the served JSON is walked freely; the assertions check its shape
type Json = Record<string, any>;
const served = async (): Promise<Json> => (await t.http.get("/api/openapi.json")).body as Json;
const operations = (document: Json) =>
  Object.entries(document.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([, op]) => typeof op === "object" && op.responses)
      .map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, path, op: op as Json })),
  );
const bodyOf = (document: Json, path: string) =>
  document.paths[path].post.requestBody.content["application/json"].schema as Json;

/** Every string schema of a request (parameters and body), with where it is. */
function requestStrings(document: Json): [string, Json][] {
  const found: [string, Json][] = [];
  const walk = (schema: Json | undefined, where: string) => {
    if (!schema || typeof schema !== "object") return;
    const types = [schema.type].flat();
    if (types.includes("string") && schema.enum === undefined && schema.const === undefined && schema.format !== "uuid")
      found.push([where, schema]);
    for (const [name, inner] of Object.entries((schema.properties as Json) ?? {})) walk(inner, `${where}.${name}`);
    walk(schema.items, `${where}[]`);
    for (const inner of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(inner, where);
  };
  for (const { where, op } of operations(document)) {
    for (const parameter of op.parameters ?? []) walk(parameter.schema, `${where} ${parameter.name}`);
    walk(op.requestBody?.content?.["application/json"]?.schema, `${where} body`);
  }
  return found;
}

describe("the served document", () => {
  it("declares Retry-After on every 429, and no 429 where nothing is limited", async () => {
    const document = await served();
    const limited = operations(document).filter(({ op }) => op.responses["429"]);
    expect(limited.length).toBeGreaterThan(50);
    for (const { where, op } of limited) expect(op.responses["429"].headers?.["Retry-After"], where).toBeDefined();
    expect(document.paths["/ready"].get.responses["429"]).toBeUndefined();
  });

  it("documents the session cookie where sign-up, sign-in and sign-out set it", async () => {
    const document = await served();
    for (const path of ["/api/auth/sign-up/email", "/api/auth/sign-in/email", "/api/auth/sign-out"])
      expect(document.paths[path].post.responses["200"].headers?.["Set-Cookie"], path).toBeDefined();
  });

  it("gives every request string a maxLength", async () => {
    const unbounded = requestStrings(await served()).filter(([, schema]) => schema.maxLength === undefined);
    expect(unbounded.map(([where]) => where)).toEqual([]);
  });

  it("states the rules the service enforces on bodies", async () => {
    const document = await served();
    expect(bodyOf(document, "/api/auth/request-password-reset").required).toContain("redirectTo");
    expect(bodyOf(document, "/api/auth/sign-in/email").properties.password.maxLength).toBe(128);
    expect(bodyOf(document, "/api/auth/update-user").minProperties).toBe(1);
    expect(
      document.paths["/api/users/{id}/roles"].put.requestBody.content["application/json"].schema.properties.roles,
    ).toMatchObject({ uniqueItems: true });
    const name = bodyOf(document, "/api/users").properties.name as Json;
    expect(new RegExp(name.pattern, "u").test("Ann\u2029Lee")).toBe(false);
    expect(new RegExp(name.pattern, "u").test("Ann Lee")).toBe(true);
    expect(bodyOf(document, "/api/users").properties.email.minLength).toBe(6);
    const callbackURL = bodyOf(document, "/api/auth/send-verification-email").properties.callbackURL as Json;
    expect(callbackURL.type).toBe("string");
  });

  it("gives send-verification-email an example the service accepts", async () => {
    const user = await signUp(t);
    const document = await served();
    const example = bodyOf(document, "/api/auth/send-verification-email").properties.callbackURL.example as string;
    const res = await t.http
      .post("/api/auth/send-verification-email")
      .send({ email: user.email, callbackURL: example });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
