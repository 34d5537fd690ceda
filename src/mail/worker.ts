import type { DrizzleDb } from "../db/client.js";
import type { Logger } from "../logging/logger.js";
import { type MailKind, renderMail } from "./messages.js";
import { claimDueMail, markFailed, markForRetry, markSent, type QueuedMail, releaseMail } from "./outbox.js";
import type { PayloadSealer } from "./sealed-payload.js";
import type { MailTransport, SendError } from "./transport.js";

export interface MailWorkerOptions {
  /** How often the queue is read when nothing wakes the worker (a message queued by another instance, a retry). */
  pollMs: number;
  /** The first retry's delay; each further one doubles, up to `maxRetryDelayMs`. */
  retryDelayMs: number;
  maxRetryDelayMs: number;
  /**
   * How long a worker holds the message it sends; a worker that died holding one leaves it to
   * another after this. An SMTP exchange still running at half of it is given up, so the outcome is
   * always written while the message is still held and no other worker is sending it too.
   */
  leaseMs: number;
  /** How long `stop` lets the message in hand finish before its exchange is cut and the message given back. */
  stopGraceMs: number;
}

export const WORKER_OPTIONS: MailWorkerOptions = {
  pollMs: 5_000,
  retryDelayMs: 2_000,
  maxRetryDelayMs: 5 * 60_000,
  leaseMs: 2 * 60_000,
  // The shutdown's grace for in-flight requests: a stopping instance takes no longer for its mail.
  stopGraceMs: 10_000,
};

interface WorkerDeps {
  db: DrizzleDb;
  logger: Logger;
  transport: MailTransport;
  sealer: PayloadSealer;
  from: string;
  options: MailWorkerOptions;
}

/**
 * Sends what the outbox holds: woken when this instance queues a message and every `pollMs`, it
 * claims one due message at a time, sends it, and records the outcome, until none is due.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private wokenWhileDraining = false;
  private stopped = false;
  private readonly cut = new AbortController();

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

  /**
   * Lets the message in hand finish for up to `stopGraceMs`, then cuts its SMTP exchange and gives
   * it back; the rest stay queued for another instance or the next start.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    const grace = setTimeout(() => this.cut.abort(), this.deps.options.stopGraceMs);
    await this.draining;
    clearTimeout(grace);
    this.deps.transport.close();
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const mail = await claimDueMail(this.deps.db, this.deps.options.leaseMs);
      if (!mail) return;
      // Claimed as the worker was told to stop: due again at once, for another instance.
      if (this.stopped) return releaseMail(this.deps.db, mail);
      await this.deliver(mail);
    }
  }

  private async deliver(mail: QueuedMail): Promise<void> {
    const { db, logger, sealer, transport } = this.deps;
    const about = { kind: mail.kind, messageId: mail.messageId, attempt: mail.attempts };
    if (mail.expiresAt.getTime() < Date.now()) {
      logger.error("Mail given up: its link expired before it could be sent", about);
      return markFailed(db, mail, "expired before it could be sent");
    }
    const values = mail.payload === null ? undefined : sealer.open(mail.payload);
    if (values === undefined) {
      logger.error("Mail given up: it was queued under another BETTER_AUTH_SECRET", about);
      return markFailed(db, mail, "unreadable with the current BETTER_AUTH_SECRET");
    }
    const rendered = renderMail(mail.kind as MailKind, {
      name: values.name ?? "",
      url: values.url ?? "",
      newEmail: values.newEmail,
    });
    try {
      await transport.send(
        {
          from: this.deps.from,
          to: { name: values.name ?? "", address: mail.recipient },
          messageId: mail.messageId,
          ...rendered,
        },
        AbortSignal.any([this.cut.signal, AbortSignal.timeout(this.deps.options.leaseMs / 2)]),
      );
    } catch (error) {
      return this.failed(mail, error as SendError, about);
    }
    if (await markSent(db, mail)) logger.info("Mail sent", about);
    else logger.warn("Mail sent after its claim ran out: another worker may have sent it as well", about);
  }

  private async failed(mail: QueuedMail, error: SendError, about: Record<string, unknown>): Promise<void> {
    const { db, logger } = this.deps;
    if (this.cut.signal.aborted) {
      logger.warn("Mail given back: the worker stopped before the SMTP server accepted it", about);
      return releaseMail(db, mail);
    }
    const { code, responseCode } = error;
    const reason =
      error.name === "AbortError"
        ? `no answer within ${this.deps.options.leaseMs / 2000} s`
        : [code, responseCode].filter(Boolean).join(" ") || error.name;
    const detail = { ...about, reason, error: error.message };
    // The relay refused this recipient or message for good: trying again cannot help.
    if ((code === "EENVELOPE" || code === "EMESSAGE") && responseCode !== undefined && responseCode >= 500) {
      logger.error("Mail given up: the SMTP server refused it", detail);
      return markFailed(db, mail, `refused: ${reason}`, true);
    }
    const delayMs = this.retryDelay(mail.attempts);
    logger.warn(`Mail not sent: trying again in ${Math.round(delayMs / 1000)} s`, detail);
    return markForRetry(db, mail, delayMs, reason);
  }
  private retryDelay(attempts: number): number {
    const { retryDelayMs, maxRetryDelayMs } = this.deps.options;
    const exponential = Math.min(retryDelayMs * 2 ** Math.max(attempts - 1, 0), maxRetryDelayMs);
    // Up to a fifth either way, so messages that failed together are not all retried together.
    return Math.round(exponential * (0.8 + Math.random() * 0.4));
  }
}
