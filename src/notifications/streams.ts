import { AsyncLocalStorage } from "node:async_hooks";
import type { Request, Response } from "express";
import type { AuthGuards } from "../auth/require-auth.js";
import { actorOf } from "../auth/request-context.js";
import type { Change, ChangeFeed } from "../changes/index.js";
import type { DrizzleDb } from "../db/client.js";
import { onPrimary } from "../db/replicas.js";
import type { Logger } from "../logging/logger.js";
import { eventIdOf, resumePosition } from "./event-ids.js";
import { notificationsAfter, type StreamPosition, streamStart } from "./service.js";

export interface NotificationStreamOptions {
  /** How often an idle stream gets a comment line, so proxies do not close it. */
  heartbeatMs: number;
  /** Open streams per user; a newer one closes the oldest. */
  maxPerUser: number;
}

const DEFAULTS: NotificationStreamOptions = { heartbeatMs: 25_000, maxPerUser: 5 };

// A notification committed while an older transaction is still open is sent once that one ends;
// meanwhile the stream looks again after these delays (any notification to the user also does).
const UNSETTLED_RETRY_FIRST_MS = 50;
const UNSETTLED_RETRY_MAX_MS = 1_000;

interface StreamDeps {
  db: DrizzleDb;
  changes: ChangeFeed;
  guards: AuthGuards;
  logger: Logger;
  options?: Partial<NotificationStreamOptions>;
}

/** Whether the client asked for the live stream (an EventSource does) rather than the list. */
export function wantsEventStream(req: Request): boolean {
  return req.get("accept")?.includes("text/event-stream") === true;
}

/**
 * The app's live notification streams (server-sent events). A stream sends its user's
 * notifications as they commit, from any instance: the change feed says whose notifications were
 * created, and the stream reads what follows the last one it sent in commit order, so a
 * reconnect's `Last-Event-ID` and a feed that was down catch up the same way. A stream ends when
 * the guard that let it open would refuse it now (sign-out, revocation, deletion of the user, an
 * impersonating ADMIN demoted) and when the feed closes (shutdown). Its work runs outside the
 * request that opened it, so its reads go to the primary, where the positions are.
 */
export class NotificationStreams {
  private readonly byUser = new Map<string, LiveStream[]>();
  private readonly options: NotificationStreamOptions;
  // One timer for every stream, running while any is open: a timer per stream would cost each its
  // own timer object and keep its request's async context alive for as long as it stays open.
  private heartbeat: NodeJS.Timeout | undefined;
  // Runs a function in the app's own async context, not in the request that happens to open the
  // first stream (the timer would keep that request's context, and its log lines its request id).
  private readonly outsideRequests = AsyncLocalStorage.snapshot();
  /** Notifications sent on any stream since start, for the metrics. */
  private readonly sent = { events: 0 };

  constructor(private readonly deps: StreamDeps) {
    this.options = { ...DEFAULTS, ...deps.options };
    deps.changes.subscribe({
      change: (change) => this.dispatch(change),
      trust: (trusted) => {
        if (trusted) for (const stream of this.all()) stream.resume();
      },
      closed: () => {
        for (const stream of this.all()) stream.end();
      },
    });
  }

  /**
   * Starts the stream of the request's user; the guards have already found its session. Where it
   * starts is read before the 200 is sent: a client that has its answer gets every notification
   * committed after it. A reconnecting client resumes after the event it names (see `resumePosition`).
   */
  async open(req: Request, res: Response): Promise<void> {
    const userId = actorOf(req).id;
    const { db, changes, logger } = this.deps;
    // On the primary: a lagging replica would not know the notification a client names, nor what
    // was committed last, and the stream would replay what the client already has.
    const start = await onPrimary(
      async () => (await resumePosition(db, req.get("last-event-id"), userId)) ?? (await streamStart(db, userId)),
    );
    res.status(200).set({
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: a compressing middleware or proxy must not buffer the events.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    });
    res.flushHeaders();
    // Shutdown began, or the client left, while the start was read.
    if (changes.closed || res.destroyed) {
      res.end();
      return;
    }
    const stream = this.outsideRequests(
      () => new LiveStream(req, res, userId, start, this.deps, this.sent, () => this.forget(stream)),
    );
    // The route is done with the request: drop the routers' continuation, which would otherwise
    // keep every router's per-request state alive for as long as the stream stays open.
    req.next = undefined;
    const streams = this.byUser.get(userId) ?? [];
    streams.push(stream);
    this.byUser.set(userId, streams);
    // The oldest goes: the newest is the one a user is looking at.
    while (streams.length > this.options.maxPerUser) streams[0]!.end();
    this.heartbeat ??= this.outsideRequests(() =>
      setInterval(() => {
        for (const open of this.all()) open.beat();
      }, this.options.heartbeatMs),
    );
    logger.debug("Notification stream opened", { userId, streams: streams.length });
    // What was created while it opened, and what a reconnect missed.
    this.outsideRequests(() => stream.catchUp());
  }

  get openCount(): number {
    let open = 0;
    for (const streams of this.byUser.values()) open += streams.length;
    return open;
  }

  get eventsSent(): number {
    return this.sent.events;
  }

  private dispatch(change: Change): void {
    if (change.kind === "notifications") {
      for (const stream of change.users ? change.users.flatMap((id) => this.byUser.get(id) ?? []) : this.all())
        stream.catchUp();
    } else if (change.kind === "user") {
      for (const stream of this.all()) if (!change.ids || stream.concerns(change.ids)) stream.checkGuard();
    }
  }

  private all(): LiveStream[] {
    return [...this.byUser.values()].flat();
  }

  private forget(stream: LiveStream): void {
    const streams = this.byUser.get(stream.userId);
    const at = streams?.indexOf(stream) ?? -1;
    if (at === -1) return;
    streams!.splice(at, 1);
    if (streams!.length === 0) this.byUser.delete(stream.userId);
    if (this.byUser.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }
}

class LiveStream {
  private ended = false;
  private work: Promise<void> = Promise.resolve();
  private position: StreamPosition;
  private retry: NodeJS.Timeout | undefined;
  private retryMs = UNSETTLED_RETRY_FIRST_MS;

  constructor(
    private readonly req: Request,
    private readonly res: Response,
    readonly userId: string,
    start: StreamPosition,
    private readonly deps: StreamDeps,
    private readonly sent: { events: number },
    private readonly onEnd: () => void,
  ) {
    this.position = start;
    res.once("close", () => this.end());
  }

  /** Whether a change to these users' sessions or rows may end this stream (the real user's, while impersonating). */
  concerns(userIds: string[]): boolean {
    return userIds.includes(this.userId) || userIds.includes(this.req.actor!.session.userId);
  }

  /**
   * Sends every settled notification after the last one sent; one that committed while an older
   * transaction is still open waits for it, and the stream looks again shortly.
   */
  catchUp(): void {
    this.enqueue(async () => {
      for (;;) {
        const position = this.position;
        const rows = await notificationsAfter(this.deps.db, this.userId, position);
        for (const { txId, seq, settled, ...notification } of rows) {
          if (this.ended) return;
          if (!settled) return this.lookAgainSoon();
          // Each skipped one is passed once: the set empties as the stream moves on.
          if (!position.skip?.delete(notification.id)) {
            this.res.write(
              `id: ${eventIdOf(notification, { txId, seq })}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`,
            );
            this.sent.events += 1;
          }
          this.position = { txId, seq, skip: position.skip?.size ? position.skip : undefined };
        }
        this.retryMs = UNSETTLED_RETRY_FIRST_MS;
        if (rows.length === 0 || this.ended) return;
      }
    });
  }

  /** Ends the stream unless the guard that let it open still lets it (session, roles, impersonation). */
  checkGuard(): void {
    this.enqueue(async () => {
      if ((await this.deps.guards.actingUserNow(this.req)) !== this.userId) this.end();
    });
  }

  /** The feed listens again after missing changes: both kinds may have been missed. */
  resume(): void {
    this.checkGuard();
    this.catchUp();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.retry);
    this.onEnd();
    this.res.end();
  }

  /** A comment line, so proxies do not close an idle stream; and the guard is run again. */
  beat(): void {
    this.res.write(": keep-alive\n\n");
    this.checkGuard();
  }

  private lookAgainSoon(): void {
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.catchUp();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, UNSETTLED_RETRY_MAX_MS);
  }

  private enqueue(task: () => Promise<void>): void {
    this.work = this.work
      .then(() => (this.ended ? undefined : task()))
      .catch((error: Error) => {
        // The database is away: the feed is down too, and its return resumes the stream.
        this.deps.logger.warn("Notification stream could not read", { errorName: error.name, userId: this.userId });
      });
  }
}
