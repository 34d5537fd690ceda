import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { poll } from "./poll.js";

const USER = "mailer";
const PASSWORD = "smtp-password";

export interface ReceivedMail {
  /** The SMTP envelope's recipients (RCPT TO), which decide who gets the message whatever its headers say. */
  envelopeTo: string[];
  parsed: ParsedMail;
  raw: string;
}

/**
 * A real SMTP server as mail providers run one: STARTTLS on its own self-signed certificate, and
 * AUTH (refused before STARTTLS). Every message it accepts is parsed with mailparser.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** How long the server takes to accept each message, as a slow relay does. */
  acceptDelayMs = 0;
  /** Messages being received now (their DATA sent, not yet accepted). */
  receiving = 0;
  private server: SMTPServer | undefined;
  private port = 0;

  /** The SMTP_URL for the app: STARTTLS required, the test certificate accepted. */
  get url(): string {
    return `smtp://${USER}:${PASSWORD}@127.0.0.1:${this.port}/?tls.rejectUnauthorized=false`;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authMethods: ["PLAIN", "LOGIN"],
      allowInsecureAuth: false,
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
        else callback(new Error("Invalid username or password"));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        this.receiving++;
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          Promise.all([simpleParser(raw), sleep(this.acceptDelayMs)])
            .then(([parsed]) => {
              this.received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed, raw });
              callback();
            })
            .catch(callback)
            .finally(() => this.receiving--);
        });
      },
    });
    this.server.listen(this.port, "127.0.0.1");
    await once(this.server.server, "listening");
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  /** Stops listening: connections are refused, as by a relay that is down. `start()` comes back on the same port. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The messages to `address` with `subject`, waiting up to `timeoutMs` until there are at least `count`. */
  async waitForMail(address: string, subject: string, count = 1, timeoutMs = 20_000): Promise<ReceivedMail[]> {
    const arrived = () =>
      this.received.filter((mail) => mail.envelopeTo.includes(address) && mail.parsed.subject === subject);
    const mails = await poll(arrived, (found) => found.length >= count, { withinMs: timeoutMs, everyMs: 50 });
    if (mails.length < count) throw new Error(`${mails.length} of ${count} mails to ${address} arrived`);
    return mails;
  }
}

/** The link a message's plain-text part carries. */
export function linkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+/.exec(mail.parsed.text ?? "");
  if (!match) throw new Error(`no link in ${mail.parsed.text}`);
  return new URL(match[0]);
}
