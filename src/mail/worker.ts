import type { Db } from "../db/client.js";
import type { Logger } from "../logging/logger.js";
import { type MailKind, renderMail } from "./messages.js";
import { claimDueMail, markFailed, markForRetry, markSent, type QueuedMail, releaseMail } from "./outbox.js";
import type { PayloadSealer } from "./sealed-payload.js";
import type { MailTransport } from "./transport.js";

interface MailWorkerOptions {
  /** How often the queue is read when nothing wakes the worker (a message queued by another instance, a retry). */
  pollMs: number;
  /** The first retry's delay; each further one doubles, up to `maxRetryDelayMs`. */
  retryDelayMs: number;
  maxRetryDelayMs: number;
}

export const WORKER_OPTIONS: MailWorkerOptions = {
  pollMs: 5_000,
  retryDelayMs: 2_000,
  maxRetryDelayMs: 5 * 60_000,
};

const BATCH = 10;
// Longer than any one SMTP exchange (see the transport's timeouts): a message is never sent by two
// workers at once, and one whose worker died is taken up again after this.
const LEASE_MS = 2 * 60_000;

interface WorkerDeps {
  db: Db;
  logger: Logger;
  transport: MailTransport;
  sealer: PayloadSealer;
  from: string;
  options: MailWorkerOptions;
}

/**
 * Sends what the outbox holds: woken when this instance queues a message and every `pollMs`,
 * it claims due messages and sends them one after another until none is due.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private wokenWhileDraining = false;
  private stopped = false;

  constructor(private readonly deps: WorkerDeps) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), this.deps.options.pollMs).unref();
    this.wake();
  }

  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.wokenWhileDraining = true;
      return;
    }
    this.draining = this.drain()
      .catch((error: unknown) => {
        // The database is down, say: the next wake-up tries again.
        this.deps.logger.warn("Mail queue could not be read", { errorName: (error as Error).name });
      })
      .finally(() => {
        this.draining = undefined;
        if (this.wokenWhileDraining) {
          this.wokenWhileDraining = false;
          this.wake();
        }
      });
  }

  /** Finishes the message in hand; the rest stay queued for the next instance or start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.draining;
    this.deps.transport.close();
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const batch = await claimDueMail(this.deps.db, BATCH, LEASE_MS);
      if (batch.length === 0) return;
      for (const [index, mail] of batch.entries()) {
        // Stopping: what this worker claimed but did not try is due again at once, for another instance.
        if (this.stopped) return releaseMail(this.deps.db, batch.slice(index));
        await this.deliver(mail);
      }
    }
  }

  private async deliver(mail: QueuedMail): Promise<void> {
    const { db, logger, sealer, transport } = this.deps;
    const about = { kind: mail.kind, messageId: mail.messageId, attempt: mail.attempts };
    if (mail.expiresAt.getTime() < Date.now()) {
      logger.error("Mail given up: its link expired before it could be sent", about);
      return markFailed(db, mail.id, "expired before it could be sent");
    }
    const values = mail.payload === null ? undefined : sealer.open(mail.payload);
    if (!values?.url || values.name === undefined) {
      logger.error("Mail given up: it was queued under another BETTER_AUTH_SECRET", about);
      return markFailed(db, mail.id, "unreadable with the current BETTER_AUTH_SECRET");
    }
    const rendered = renderMail(mail.kind as MailKind, {
      name: values.name,
      url: values.url,
      newEmail: values.newEmail,
    });
    try {
      await transport.send({
        from: this.deps.from,
        to: { name: values.name, address: mail.recipient },
        messageId: mail.messageId,
        ...rendered,
      });
    } catch (error) {
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      const reason = [code, responseCode].filter(Boolean).join(" ") || (error as Error).name;
      // The relay refused this recipient or message for good: trying again cannot help.
      if ((code === "EENVELOPE" || code === "EMESSAGE") && responseCode !== undefined && responseCode >= 500) {
        logger.error("Mail given up: the SMTP server refused it", { ...about, reason });
        return markFailed(db, mail.id, `refused: ${reason}`);
      }
      const delayMs = this.retryDelay(mail.attempts);
      logger.warn(`Mail not sent: trying again in ${Math.round(delayMs / 1000)} s`, { ...about, reason });
      return markForRetry(db, mail.id, delayMs, reason);
    }
    await markSent(db, mail.id);
    logger.info("Mail sent", about);
  }

  private retryDelay(attempts: number): number {
    const { retryDelayMs, maxRetryDelayMs } = this.deps.options;
    const exponential = Math.min(retryDelayMs * 2 ** Math.max(attempts - 1, 0), maxRetryDelayMs);
    // Up to a fifth either way, so messages that failed together are not all retried together.
    return Math.round(exponential * (0.8 + Math.random() * 0.4));
  }
}
