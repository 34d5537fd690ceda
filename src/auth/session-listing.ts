import { eq } from "drizzle-orm";
import type { RequestHandler } from "express";
import * as z from "zod";
import type { DrizzleDb } from "../db/client.js";
import { onPrimary } from "../db/replicas.js";
import { sessions } from "../db/schema.js";
import { badRequest } from "../http/errors.js";
import { authBodyField } from "../http/auth-body.js";

/**
 * better-auth lists every session with its token, which is a working credential: whoever reads the
 * list (a script on the page, a shared screen) could take over each session. The list goes out
 * without them, and a session is ended by the id the list shows instead.
 */
export async function withoutTokens(response: Response): Promise<Response> {
  if (response.status !== 200) return response;
  const listed = (await response.json()) as Record<string, unknown>[];
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(listed.map(({ token: _token, ...session }) => session)), {
    status: 200,
    headers,
  });
}

const sessionId = z.uuid();

/**
 * `POST /api/auth/revoke-session {id}`: the id from the list is turned into the token better-auth
 * takes. better-auth still checks that the session is the caller's own; another user's session is
 * left alone, with the same answer as an unknown one.
 */
export function revokeById(db: DrizzleDb): RequestHandler {
  return async (req, _res, next) => {
    const id = authBodyField(req, "id");
    if (id === undefined) return next();
    if (!sessionId.safeParse(id).success) throw badRequest("id must be a session id from list-sessions");
    const [found] = await onPrimary(() =>
      db
        .select({ token: sessions.token })
        .from(sessions)
        .where(eq(sessions.id, id as string)),
    );
    req.body = JSON.stringify({ token: found?.token ?? "" });
    next();
  };
}
