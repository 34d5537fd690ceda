import type { Transporter } from "nodemailer";
import type { MailConfig } from "../config.js";
import type { Logger } from "../logging/logger.js";

export interface OutgoingMail {
  from: string;
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** What a failed send rejects with: nodemailer's error code and the SMTP reply code, when there was one. */
export type SendError = Error & { code?: string; responseCode?: number };

/**
 * Where the worker hands a message: resolves once the message is accepted, rejects otherwise, and
 * when `signal` aborts, at once, cutting the exchange.
 */
export interface MailTransport {
  send(mail: OutgoingMail, signal: AbortSignal): Promise<void>;
  close(): void;
}

// A relay that does not answer is a failure to retry later, not a worker stuck for nodemailer's
// default two minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP through nodemailer, loaded on the first message (the service starts without it). One pooled
 * connection is reused while messages keep coming. `smtp://` requires STARTTLS so that the
 * credentials never cross the network in clear (`?requireTLS=false` in the URL allows a relay
 * without it); `smtps://` is TLS from the first byte.
 */
export function smtpTransport(url: string): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  return {
    async send(mail, signal) {
      transporter ??= import("nodemailer").then((nodemailer) =>
        nodemailer.createTransport({ url, pool: true, maxConnections: 2, requireTLS: true, ...SMTP_TIMEOUTS }),
      );
      try {
        await (await transporter).sendMail({ ...mail, signal, disableFileAccess: true, disableUrlAccess: true });
      } catch (error) {
        const failure = error as SendError;
        failure.message = withoutSecrets(failure.message, url);
        throw failure;
      }
    },
    close() {
      void transporter?.then((t) => t.close());
    },
  };
}

/**
 * An SMTP error's message, fit for the log: a relay may echo the user name, and a refusal names the
 * recipient, so the URL's credentials and anything shaped like an address are taken out.
 */
function withoutSecrets(message: string, url: string): string {
  const { username, password } = new URL(url);
  let text = message;
  for (const secret of [password, username].map((part) => decodeURIComponent(part)))
    if (secret.length > 0) text = text.replaceAll(secret, "[redacted]");
  return text.replace(/[^\s<>"'@]+@[^\s<>"']+/g, "[address]");
}

/** Development without SMTP: the message, link included, goes to the log instead of the network. */
export function logTransport(logger: Logger): MailTransport {
  return {
    send(mail) {
      logger.info(
        `Mail written here instead of sent (no SMTP_URL): to ${mail.to.address}, "${mail.subject}"\n${mail.text}`,
      );
      return Promise.resolve();
    },
    close() {},
  };
}

export function transportFor(config: MailConfig, logger: Logger): MailTransport | undefined {
  if (config.transport === "smtp" && config.smtpUrl) return smtpTransport(config.smtpUrl);
  if (config.transport === "log") return logTransport(logger);
  return undefined;
}
