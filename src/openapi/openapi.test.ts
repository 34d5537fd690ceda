import { once } from "node:events";
import { createServer } from "node:http";
import { Validator } from "@seriousme/openapi-schema-validator";
import supertest from "supertest";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/harness.js";
import { ResponseConformance } from "../../test/openapi-conformance.js";
import { routeTableOf } from "../../tools/routes/table.js";
import type { OpenApiDocument } from "./document.js";

const t = useTestApp();

const METHODS = ["get", "put", "post", "delete", "patch", "options", "head", "trace"];

async function servedDocument(): Promise<OpenApiDocument> {
  const res = await t.http.get("/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  return res.body as OpenApiDocument;
}

/** `METHOD /express/:path` lines, as the route table writes them, of every documented operation. */
function documentedRoutes(document: OpenApiDocument): string[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item ?? {})
      .filter((key) => METHODS.includes(key))
      .map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ":$1")}`),
  );
}

describe("GET /api/openapi.json", () => {
  it("serves a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate((await servedDocument()) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every served route and no route that is not served", async () => {
    const served = routeTableOf(t.app);
    const documented = documentedRoutes(await servedDocument());
    const isAuth = (route: string) => route.split(" ")[1]!.startsWith("/api/auth/");
    expect(documented.filter((route) => !isAuth(route)).sort()).toEqual(served.filter((route) => !isAuth(route)));
    // better-auth's mount is one route; the document lists the endpoints the service offers behind it.
    expect(served).toContain("ALL /api/auth/*");
    expect(documented.filter(isAuth).sort()).toEqual(
      expect.arrayContaining([
        "GET /api/auth/get-session",
        "POST /api/auth/sign-in/email",
        "POST /api/auth/sign-up/email",
        "POST /api/auth/change-password",
      ]),
    );
  });

  it("describes the session cookie and which operations need it", async () => {
    const document = await servedDocument();
    expect(document.components?.securitySchemes?.sessionCookie).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: "auth.session_token",
    });
    expect(document.paths?.["/api/profile"]?.get?.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths?.["/api/posts"]?.get?.security).toEqual([{}, { sessionCookie: [] }]);
    expect(Object.keys(document.paths?.["/api/v2/posts/"]?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(["201", "400", "401", "413", "429", "500", "503"]),
    );
  });
});

describe("GET /api/docs", () => {
  it("serves Swagger UI from its npm package, under a policy that allows only this origin's scripts", async () => {
    const page = await t.http.get("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.text).toContain('<script src="/api/docs/swagger-ui-bundle.js"></script>');
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(page.headers["content-security-policy"]).not.toMatch(/https?:/);

    const bundle = await t.http.get("/api/docs/swagger-ui-bundle.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers["content-type"]).toMatch(/^text\/javascript/);
    expect((await t.http.get("/api/docs/swagger-ui.css")).headers["content-type"]).toMatch(/^text\/css/);

    const unknown = await t.http.get("/api/docs/secrets.txt");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: "Endpoint not found",
      code: "not_found",
      endpoint: "GET /api/docs/secrets.txt",
    });
    // Every other response keeps the API's policy.
    expect((await t.http.get("/api/openapi.json")).headers["content-security-policy"]).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
  });
});

describe("response conformance", () => {
  it("records a response whose body, status or path the document does not describe", async () => {
    const conformance = new ResponseConformance(await servedDocument());
    const server = createServer((req, res) => {
      res.setHeader("Content-Type", "application/json");
      if (req.url === "/api/profile") res.end(JSON.stringify({ user: { id: "not a uuid" } }));
      else if (req.url === "/api/posts") res.writeHead(418).end("{}");
      else res.end(JSON.stringify({ served: true }));
    });
    conformance.watch(server);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const http = supertest(server);
    await http.get("/api/profile");
    await http.get("/api/posts");
    await http.get("/api/undocumented");
    server.close();
    expect(conformance.mismatches).toEqual([
      expect.stringMatching(/^GET \/api\/profile -> 200: .*user/),
      "GET /api/posts -> 418: status not documented for GET /api/posts",
      "GET /api/undocumented -> 200: served, but no operation of the document matches",
    ]);
  });
});
