import type { Logger } from "./logger.js";

type BetterAuthLevel = "debug" | "info" | "warn" | "error";

// better-auth logs its refusal of a client's callback URL or origin (and of a cross-site sign-in
// form) at error level: any anonymous request could then write error lines, which page an
// operator. They are a client's mistake, worth a warning.
const CLIENT_MISTAKE =
  /^(?:Invalid (?:origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b|Blocked cross-site navigation)/;

// Those messages quote the client's value: the log keeps enough of it to recognise, not all of it.
const MESSAGE_MAX = 500;

/** Writes one of better-auth's log messages to the service's log, at the level it deserves. */
export function logBetterAuth(logger: Logger, level: BetterAuthLevel, message: string): void {
  const shown = message.length > MESSAGE_MAX ? `${message.slice(0, MESSAGE_MAX)}…` : message;
  const serviceLevel = level === "error" && CLIENT_MISTAKE.test(message) ? "warn" : level;
  logger.log(serviceLevel, `better-auth: ${shown}`);
}
