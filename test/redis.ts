import { connect } from "node:net";

/** The Redis the rate-limit suites use: TEST_REDIS_URL, else the default port on this machine. */
export const REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

/**
 * `npm test` needs no service: the Redis suites run when TEST_REDIS_URL is set (CI sets it, and
 * then they must pass) or when a Redis answers on the default port, and are skipped otherwise.
 */
export const redisAvailable = Boolean(process.env.TEST_REDIS_URL) || (await answers(new URL(REDIS_URL)));

function answers(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port || 6379), url.hostname);
    socket.setTimeout(500, () => socket.destroy());
    socket
      .once("connect", () => resolve(true))
      .once("close", () => resolve(false))
      .once("error", () => resolve(false));
    socket.once("connect", () => socket.end());
  });
}
