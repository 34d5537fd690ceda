import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import * as z from "zod";
import type { Logger } from "../logging/logger.js";
import type { Database } from "../db/database.js";
import { sqlStateOf } from "../db/errors.js";
import { type ChannelListener, DatabaseClosedError } from "../db/listen.js";

/** The channel the database's triggers announce committed changes on (see the migrations). */
export const CHANGES_CHANNEL = "posts_api_changes";

const ids = z.array(z.uuid()).optional();
// Whatever a post's tags column holds, as the trigger copies it.
const tagName = z.string();

/**
 * A committed change, as the triggers announce it. A list left out means "any": the trigger drops
 * lists that would not fit in one notification (8,000 bytes), as a bulk write's would.
 */
const changeSchema = z.discriminatedUnion("kind", [
  /** Sessions or the user row of these users changed (sign-out, refresh, role change, deletion). */
  z.strictObject({ kind: z.literal("user"), ids }),
  /** Posts by these authors, carrying these tags (before or after the change), changed. */
  z.strictObject({ kind: z.literal("posts"), authors: ids, tags: z.array(tagName).optional() }),
  /** Notifications for these users were created. */
  z.strictObject({ kind: z.literal("notifications"), users: ids }),
]);

export type Change = z.infer<typeof changeSchema>;

/** What may arrive on the channel: a change, or a marker some process sent to see its own changes through. */
const messageSchema = z.union([changeSchema, z.strictObject({ marker: z.string() })]);

export interface ChangeSubscriber {
  change(change: Change): void;
  /**
   * The feed lost its connection (false) or is listening again (true). Changes in between went
   * unseen: whatever was read from the database before is to be read again.
   */
  trust(trusted: boolean): void;
  /** The feed is closed for good (shutdown). */
  closed?(): void;
  /** The listening connection heard its own proof of life `seconds` after sending it (the metrics). */
  proven?(seconds: number): void;
}

// Reconnection delays after a lost connection: quick at first, then every second (a connection
// attempt a second costs nothing, and until it succeeds the caches are off).
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 1_000;
// Failed attempts are told at first, then at doubling intervals up to the maximum, each line with
// the number of attempts since the last: an outage of minutes is a few lines, not one a second.
const TELL_FAILURE_FIRST_MS = 1_000;
const TELL_FAILURE_MAX_MS = 30_000;
// How long a write's answer waits for this instance to hear its own changes; past it the answer
// goes, and the caches are off until the feed listens again.
const CAUGHT_UP_WITHIN_MS = 1_000;
// The caches answer only while the listening connection has proven, within this long, that it
// hears what is committed (a notification it sent itself came back); otherwise they read the
// database until it proves itself again.
const ALIVE_WITHIN_MS = 1_000;
const ALIVE_CHECK_EVERY_MS = 100;

/**
 * Committed changes, from whichever instance or tool made them, delivered to this process through
 * PostgreSQL's LISTEN/NOTIFY (PGlite's in-process notifications on the embedded database). While
 * the listening connection is down the feed is untrusted: caches read the database, live streams
 * catch up once it is back.
 */
export class ChangeFeed {
  private readonly subscribers = new Set<ChangeSubscriber>();
  private listener: ChannelListener | undefined;
  private retryMs = RETRY_FIRST_MS;
  private retry: NodeJS.Timeout | undefined;
  private failedAttempts = 0;
  private tellFailureAt = 0;
  private tellFailureEveryMs = TELL_FAILURE_FIRST_MS;
  private isClosed = false;
  #trusted = false;
  /** Everything committed before this time (performance.now()) has been heard, proven on the listening connection. */
  private provenAt = 0;
  /** A change committed after this time may not have been heard: a proof sent later is needed. */
  private doubtSince = -Infinity;
  private silent = false;
  private aliveCheck: NodeJS.Timeout | undefined;
  #lastHeardAt: number | undefined;
  /** Markers this process sent through the channel, by id: each resolves when it comes back. */
  private readonly markers = new Map<string, () => void>();
  // The feed's own work (reconnecting, its log lines) runs in the app's async context, not in the
  // request that happened to notice a lag: its lines would otherwise carry that request's id.
  private readonly outsideRequests = AsyncLocalStorage.snapshot();

  private constructor(
    private readonly database: Database | undefined,
    private readonly logger: Logger | undefined,
  ) {}

  /** Listens before it returns when the database answers; otherwise keeps trying in the background. */
  static async open(database: Database, logger: Logger): Promise<ChangeFeed> {
    const feed = new ChangeFeed(database, logger);
    await feed.connect();
    feed.aliveCheck = feed.outsideRequests(() => setInterval(() => feed.checkAlive(), ALIVE_CHECK_EVERY_MS).unref());
    return feed;
  }

  /** A feed that never listens: nothing is cached and no live stream is fed (an app built without one). */
  static none(): ChangeFeed {
    return new ChangeFeed(undefined, undefined);
  }

  get trusted(): boolean {
    return this.#trusted && !this.isSilent();
  }

  /** When the database last showed the listening connection alive (a notification, or listening anew), in epoch ms. */
  get lastHeardAt(): number | undefined {
    return this.#lastHeardAt;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  subscribe(subscriber: ChangeSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /**
   * Resolves once this process has heard every change committed before the call, so that its own
   * next request is not answered from a cache those changes make stale; at once while the feed is
   * not listening (the caches then answer nothing). It sends a marker through the channel:
   * PostgreSQL delivers notifications in commit order, so the changes come before it. A marker not
   * back within CAUGHT_UP_WITHIN_MS (a lagging or stalled listener, a stalled query) means this
   * process cannot tell what it missed: the caches are off until the listening connection proves
   * it heard what was committed since (or, on a connection that cannot prove it, it listens anew).
   */
  async caughtUp(): Promise<void> {
    if (!this.#trusted || !this.database) return;
    const since = performance.now();
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const outcome = await new Promise<"heard" | "unconfirmed">((resolve) => {
      this.markers.set(id, () => resolve("heard"));
      timer = setTimeout(() => resolve("unconfirmed"), CAUGHT_UP_WITHIN_MS);
      // Not awaited by itself: the deadline covers the query too.
      this.database!.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ marker: id })})`).catch(
        () => resolve("unconfirmed"),
      );
    });
    clearTimeout(timer);
    this.markers.delete(id);
    if (outcome !== "unconfirmed") return;
    if (this.listener?.provesAlive) this.doubtSince = since;
    else this.outsideRequests(() => this.listenAnew());
  }

  /** Stops listening and tells every subscriber (live streams end); idempotent. */
  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    clearTimeout(this.retry);
    clearInterval(this.aliveCheck);
    this.setTrusted(false);
    for (const subscriber of [...this.subscribers]) subscriber.closed?.();
    await this.listener?.close();
  }

  private async connect(): Promise<void> {
    if (!this.database || this.isClosed) return;
    try {
      this.listener = await this.database.listen(CHANGES_CHANNEL, {
        onPayload: (payload) => this.deliver(payload),
        onLost: (error) => this.lost(error),
        onAlive: (sentAt) => this.heardItself(sentAt),
      });
    } catch (error) {
      if (this.isClosed || error instanceof DatabaseClosedError) return;
      this.failedToListen(error as Error);
      this.scheduleReconnect();
      return;
    }
    if (this.retryMs > RETRY_FIRST_MS) this.logger?.info("Change feed: listening again");
    this.retryMs = RETRY_FIRST_MS;
    this.failedAttempts = 0;
    this.tellFailureAt = 0;
    this.tellFailureEveryMs = TELL_FAILURE_FIRST_MS;
    // LISTEN has just answered: the connection hears what is committed from now on.
    this.provenAt = performance.now();
    this.doubtSince = -Infinity;
    this.silent = false;
    this.#lastHeardAt = Date.now();
    this.setTrusted(true);
  }

  /** The connection's own error says why (refused, shutting down, a password refused); it carries no query parameters. */
  private failedToListen(error: Error): void {
    this.failedAttempts++;
    const now = performance.now();
    if (now < this.tellFailureAt) return;
    this.logger?.warn("Change feed: cannot listen, caches off until it can", {
      errorName: error.name,
      errorCode: sqlStateOf(error),
      errorMessage: error.message,
      attempts: this.failedAttempts,
    });
    this.failedAttempts = 0;
    this.tellFailureAt = now + this.tellFailureEveryMs;
    this.tellFailureEveryMs = Math.min(this.tellFailureEveryMs * 2, TELL_FAILURE_MAX_MS);
  }

  private isSilent(): boolean {
    if (this.listener?.provesAlive !== true) return false;
    return performance.now() - this.provenAt > ALIVE_WITHIN_MS || this.provenAt < this.doubtSince;
  }

  private heardItself(sentAt: number): void {
    this.#lastHeardAt = Date.now();
    const seconds = (performance.now() - sentAt) / 1000;
    for (const subscriber of this.subscribers) subscriber.proven?.(seconds);
    this.provenAt = Math.max(this.provenAt, sentAt);
    if (!this.silent || this.isSilent()) return;
    this.silent = false;
    this.logger?.info("Change feed: the listening connection hears again, caches on");
    this.setTrusted(true);
  }

  /** A listening connection that has not proven itself lately turns the caches off until it does. */
  private checkAlive(): void {
    if (this.silent || !this.#trusted || !this.isSilent()) return;
    this.silent = true;
    this.logger?.warn("Change feed: the listening connection has not proven it hears every change, caches off");
    this.setTrusted(false);
  }

  /** Drops a listening connection that cannot be shown to keep up, as if it had been lost. */
  private listenAnew(): void {
    const listener = this.listener;
    if (!listener || this.isClosed) return;
    void listener.close();
    const error = new Error(`a change sent through the channel was not heard within ${CAUGHT_UP_WITHIN_MS} ms`);
    error.name = "ChangeFeedLagging";
    this.lost(error);
  }

  private lost(error?: Error): void {
    this.listener = undefined;
    this.silent = false;
    if (this.isClosed) return;
    this.logger?.warn("Change feed: listening connection lost, caches off until it is back", {
      errorName: error?.name,
    });
    this.setTrusted(false);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.retry = setTimeout(() => void this.connect(), this.retryMs).unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  private setTrusted(trusted: boolean): void {
    if (this.#trusted === trusted) return;
    this.#trusted = trusted;
    // Untrusted, the caches answer nothing: no one needs to wait for a marker.
    if (!trusted) for (const resolve of this.markers.values()) resolve();
    for (const subscriber of this.subscribers) subscriber.trust(trusted);
  }

  private deliver(payload: string): void {
    this.#lastHeardAt = Date.now();
    // Anyone who may connect may NOTIFY on the channel: a message is checked whole before anyone
    // acts on it, and what is not a change or a marker is a warning, never a crash.
    const message = parseMessage(payload);
    if (!message) {
      this.logger?.warn("Change feed: ignored a message that is not a change", { bytes: payload.length });
      return;
    }
    if ("marker" in message) {
      // Another process's markers are of no interest here.
      this.markers.get(message.marker)?.();
      return;
    }
    for (const subscriber of this.subscribers) {
      try {
        subscriber.change(message);
      } catch (error) {
        // A subscriber's fault stays its own: the others still hear the change, the process goes on.
        this.logger?.warn("Change feed: a subscriber failed on a change", {
          errorName: (error as Error).name,
          kind: message.kind,
        });
      }
    }
  }
}

function parseMessage(payload: string): z.infer<typeof messageSchema> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const parsed = messageSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
