// One declaration makes both the route and its operation: what the document says of access, of
// a list's numbers and of a negotiated stream comes from the declaration, not from a second copy.
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { CONTENT_AUTHORS, MODERATORS } from "../auth/policy.js";
import { cursor } from "../http/lists/cursor.js";
import { pageNumber } from "../http/lists/page-number.js";
import { type Access, type Route, route, type RouteGroup } from "../http/route.js";
import { posts } from "../db/schema.js";
import { operationOf, pathsOf } from "./operations.js";

const ok = { 200: { description: "OK", schema: z.object({ done: z.boolean() }) } };
const declared = (over: Partial<Route> & { access: Access }): Route =>
  route({
    method: "get",
    path: "/things/:id/",
    tag: "Posts",
    summary: "A thing",
    successes: ok,
    handler: () => undefined,
    ...over,
  });
const group = (routes: Route[]): RouteGroup => ({ family: "v2", base: "/api/v2", routes, jsonBodiesOnly: true });

describe("an operation made from a route declaration", () => {
  it("states the access its role list admits, and the guard's errors", () => {
    const cases: [Access, string, string[]][] = [
      ["anyone", "Anyone.", []],
      ["session", "Needs a session.", ["401"]],
      [["ADMIN"], "Needs a session with role ADMIN.", ["401", "403"]],
      [MODERATORS, "Needs a session with role MODERATOR or ADMIN.", ["401", "403"]],
      [CONTENT_AUTHORS, "Needs a session with role USER or above (a GUEST only reads).", ["401", "403"]],
    ];
    for (const [access, text, errors] of cases) {
      const operation = operationOf(declared({ access }), group([]));
      expect(operation.description).toBe(text);
      for (const status of ["401", "403"])
        expect(Object.keys(operation.responses ?? {}).includes(status)).toBe(errors.includes(status));
    }
  });

  it("writes the path as OpenAPI does and refuses a body that is not JSON where the group does", () => {
    const write = declared({ access: "session", method: "put", body: z.object({ name: z.string() }) });
    expect(Object.keys(pathsOf(group([write])))).toEqual(["/api/v2/things/{id}/"]);
    expect(operationOf(write, group([])).responses).toHaveProperty("415");
    expect(operationOf(write, { ...group([]), jsonBodiesOnly: false }).responses).not.toHaveProperty("415");
    // A write that reads no body is refused one that is not JSON all the same.
    expect(operationOf(declared({ access: "session", method: "post" }), group([])).responses).toHaveProperty("415");
    expect(operationOf(declared({ access: "session", method: "delete" }), group([])).responses).not.toHaveProperty(
      "415",
    );
  });

  it("documents a list's parameters with the sizes the route gives", () => {
    const list = pageNumber({ defaultSize: 7, maxSize: 70 });
    const query = operationOf(declared({ access: "anyone", list }), group([])).requestParams?.query as z.ZodObject;
    expect(query.shape.page_size?.meta()?.description).toBe(
      "Default 7, capped at 70; a value that is not a whole number from 1 gives the default (no 400)",
    );
    const comments = cursor({ pageSize: 3, columns: { createdAt: posts.createdAt, id: posts.id } });
    expect(comments.label).toBe("cursor, newest first, 3 a page");
  });

  it("offers a negotiated media type beside JSON in the same operation", () => {
    const stream = z.string();
    const successes = {
      200: { description: "A page", schema: z.object({}), negotiated: { "text/event-stream": stream } },
    };
    const operation = operationOf(declared({ access: "session", successes }), group([]));
    const content = (operation.responses?.["200"] as { content: Record<string, unknown> }).content;
    expect(Object.keys(content)).toEqual(["application/json", "text/event-stream"]);
  });
});
