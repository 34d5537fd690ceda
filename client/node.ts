import makeFetchCookie from "fetch-cookie";
import { CookieJar } from "tough-cookie";

/**
 * Node's fetch keeps no cookies; this one keeps the session cookie in its own jar, as a browser
 * would, so one client is one signed-in user.
 */
export function fetchWithCookieJar(jar = new CookieJar()): typeof fetch {
  return makeFetchCookie(fetch, jar);
}
