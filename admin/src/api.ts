import createClient from "openapi-fetch";
import type { paths } from "../../client/api.js";

/**
 * The API on this page's own origin: the browser sends the session cookie and its own Origin
 * header (which better-auth checks on every write); nothing is kept in storage.
 */
export const api = createClient<paths, `${string}/json`>({ baseUrl: "", credentials: "same-origin" });

/** What a screen shows instead of data: the refusal, a missing record, or a failure it may retry. */
export type Failure =
  | { kind: "signed-out" }
  | { kind: "forbidden" }
  | { kind: "not-found" }
  | { kind: "conflict"; message: string }
  | { kind: "failed"; message: string };

export class ApiFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.kind);
  }
}

/** The API's error body says what went wrong in `error` (or better-auth's `message`). */
function messageOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  return typeof error === "string" ? error : typeof message === "string" ? message : undefined;
}

export function failureOf(status: number, body: unknown): Failure {
  if (status === 401) return { kind: "signed-out" };
  if (status === 403) return { kind: "forbidden" };
  if (status === 404) return { kind: "not-found" };
  const message = messageOf(body) ?? `The server answered ${status}`;
  return status === 409 ? { kind: "conflict", message } : { kind: "failed", message };
}

/** The data of an openapi-fetch answer, or an ApiFailure; a network failure is a failure too. */
export async function must<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let answer: Awaited<typeof call>;
  try {
    answer = await call;
  } catch {
    throw new ApiFailure({ kind: "failed", message: "The service could not be reached" });
  }
  if (!answer.response.ok) throw new ApiFailure(failureOf(answer.response.status, answer.error));
  return answer.data as T;
}
