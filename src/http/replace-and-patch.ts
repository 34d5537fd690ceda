import type * as z from "zod";
import { type Route, route, type RouteDeclaration } from "./route.js";

/**
 * A v2 record's two updates on one path, as Django REST framework's: PUT replaces (every field
 * required), PATCH changes the fields sent. One handler serves both: a whole body is also a partial one.
 */
export function replaceAndPatch<P extends z.ZodObject, B extends z.ZodType>(
  what: string,
  bodies: { put: z.ZodType<z.output<B>>; patch: B },
  declaration: Omit<RouteDeclaration<P, undefined, B>, "method" | "summary" | "body">,
): Route[] {
  return [
    route<P, undefined, B>({ ...declaration, method: "put", summary: `Replace ${what}`, body: bodies.put as B }),
    route<P, undefined, B>({
      ...declaration,
      method: "patch",
      summary: `Change some fields of ${what}`,
      body: bodies.patch,
    }),
  ];
}
