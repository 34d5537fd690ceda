import { createAuthClient } from "better-auth/client";
import { inferAdditionalFields, twoFactorClient } from "better-auth/client/plugins";
import createClient from "openapi-fetch";
import type { paths } from "./api.js";

export type { components, operations, paths } from "./api.js";

export interface ApiClientOptions {
  /** Where the API is, e.g. "https://api.example.com" or "http://localhost:3000". */
  baseUrl: string;
  /**
   * Outside a browser only: the Origin to send, one of the service's CORS_ORIGINS (or its
   * BETTER_AUTH_URL). Browsers send their own and refuse to let a page set it.
   */
  origin?: string;
  /** Outside a browser only: a fetch that keeps cookies, e.g. `fetchWithCookieJar()` from ./node.js. */
  fetch?: typeof fetch;
}

/**
 * A typed client for the API (openapi-fetch over the generated `paths`) with better-auth's own
 * client for sessions on `.auth`. Both send credentials, so the session cookie set by sign-up or
 * sign-in goes with every later call; the page must be on the same site as the API.
 */
export function createApiClient({ baseUrl, origin, fetch: fetchImpl = globalThis.fetch }: ApiClientOptions) {
  const headers: Record<string, string> = origin ? { Origin: origin } : {};
  // Typed for the JSON answers: the notifications list is also a live stream under the same
  // operation (text/event-stream), which the client does not read (see the README's stream recipe).
  const api = createClient<paths, `${string}/json`>({ baseUrl, credentials: "include", headers, fetch: fetchImpl });
  const auth = createAuthClient({
    baseURL: baseUrl,
    basePath: "/api/auth",
    fetchOptions: { credentials: "include", headers, customFetchImpl: fetchImpl },
    plugins: [
      // The session's user carries the roles the service gives it (set by an ADMIN, never by sign-up).
      inferAdditionalFields({ user: { roles: { type: "string[]", required: false, input: false } } }),
      // `auth.twoFactor.*`: enrolment, and the code a two-factor sign-in asks for.
      twoFactorClient(),
    ],
  });
  return Object.assign(api, { auth });
}

export type ApiClient = ReturnType<typeof createApiClient>;
