import { randomUUID } from "node:crypto";
import type { Config } from "../config.js";
import type { DrizzleDb } from "../db/client.js";
import type { Logger } from "../logging/logger.js";
import { MAIL_KINDS, type MailKind } from "./messages.js";
import { insertMail } from "./outbox.js";
import { PayloadSealer } from "./sealed-payload.js";
import { transportFor } from "./transport.js";
import { MailWorker, type MailWorkerOptions, WORKER_OPTIONS } from "./worker.js";

export interface MailRecipient {
  name: string;
  email: string;
  /** Whether the account's owner has proven this address; only then may the mail greet them by name. */
  emailVerified?: boolean;
}

/**
 * The per-address budget every mail spends (see http/rate-limit.ts): false once the address has
 * had its share for now. Counts are kept where the rate limits keep theirs, shared by instances.
 */
export interface RecipientLimit {
  take(address: string): Promise<boolean>;
}

// Kinds that go to an address nobody has proven yet: a name in them is whatever the account's
// creator typed, sent to a stranger's mailbox under the service's name.
const TO_UNPROVEN_ADDRESS: ReadonlySet<MailKind> = new Set(["verify-email"]);

/**
 * What the rest of the service knows of mail: whether it can send at all, `queue` (durable once it
 * resolves), and the worker that sends, which the server and the tests run and the CLI does not.
 */
export class Mailer {
  private readonly sealer: PayloadSealer;
  private worker: MailWorker | undefined;
  private readonly messageIdDomain: string;
  private recipientLimit: RecipientLimit | undefined;

  constructor(private readonly deps: { config: Pick<Config, "mail" | "authSecret">; db: DrizzleDb; logger: Logger }) {
    this.sealer = new PayloadSealer(deps.config.authSecret);
    this.messageIdDomain = /@([^>\s]+)>?\s*$/.exec(deps.config.mail.from)?.[1] ?? "localhost";
  }

  /** False when no SMTP server is configured outside development: the mail endpoints answer 503. */
  get available(): boolean {
    return this.deps.config.mail.transport !== "off";
  }

  /** From now on every message spends its address's budget first (the app sets it, with the rate limits). */
  limitPerRecipient(limit: RecipientLimit | undefined): void {
    this.recipientLimit = limit;
  }

  /**
   * Stores the message in the outbox and wakes this instance's worker; resolves once the row is
   * committed, before any SMTP exchange. Without mail it stores nothing; over its address's budget
   * it stores nothing either, and the caller answers as if it had been sent, so that the answer
   * says nothing about the address. The greeting names the recipient only on a proven address.
   */
  async queue(kind: MailKind, to: MailRecipient, values: { url?: string; newEmail?: string } = {}): Promise<void> {
    if (!this.available) return;
    if (this.recipientLimit && !(await this.recipientLimit.take(to.email))) {
      this.deps.logger.warn("Mail not sent: its address has had its share of mail for now", { kind });
      return;
    }
    const named = to.emailVerified === true && !TO_UNPROVEN_ADDRESS.has(kind);
    await insertMail(this.deps.db, {
      kind,
      recipient: to.email,
      messageId: `<${randomUUID()}@${this.messageIdDomain}>`,
      payload: this.sealer.seal({ ...values, name: named ? to.name : "", url: values.url ?? "" }),
      expiresAt: new Date(Date.now() + MAIL_KINDS[kind].validForMs),
    });
    this.worker?.wake();
  }

  /** A message was queued again (an administrator's retry): this instance's worker looks now. */
  wake(): void {
    this.worker?.wake();
  }

  startWorker(options: Partial<MailWorkerOptions> = {}): void {
    const transport = transportFor(this.deps.config.mail, this.deps.logger);
    if (!transport || this.worker) return;
    const { config, db, logger } = this.deps;
    this.worker = new MailWorker({
      db,
      logger,
      transport,
      sealer: this.sealer,
      from: config.mail.from,
      options: { ...WORKER_OPTIONS, ...options },
    });
    this.worker.start();
  }

  async stopWorker(): Promise<void> {
    await this.worker?.stop();
    this.worker = undefined;
  }
}
