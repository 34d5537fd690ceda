import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** A subscription to one NOTIFY channel, on a connection of its own. */
export interface ChannelListener {
  /**
   * Whether the listener calls `onAlive` as it proves itself; one that does not (in-process PGlite)
   * cannot stall.
   */
  readonly provesAlive: boolean;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onPayload: (payload: string) => void;
  /** The connection dropped (or stopped answering): notifications may have been missed since. */
  onLost: (error?: Error) => void;
  /**
   * The connection heard a notification it sent itself at `sentAt` (performance.now()): it has
   * read everything committed before then.
   */
  onAlive?: (sentAt: number) => void;
}

// How often the listening connection proves it is alive, by a NOTIFY it sends and must hear back
// on a channel of its own: a partition that drops packets closes nothing, and a connection that
// only waits for notifications would never notice it. Notifications reach a session in commit
// order, whatever their channel, so hearing its own proves it has heard every change before it.
const PROOF_EVERY_MS = 200;

/**
 * Listens on a PostgreSQL server through a dedicated client (never a pooled one: LISTEN belongs to
 * a session, and the pool hands sessions from request to request).
 */
export async function listenOnPostgres(
  url: string,
  connectTimeoutMs: number,
  channel: string,
  handlers: ListenHandlers,
): Promise<ChannelListener> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    application_name: "posts-api-listener",
  });
  let lost = false;
  let subscribed = false;
  // Before the subscription holds, a failure is the caller's rejected promise, not a loss.
  const loseOnce = (error?: Error) => {
    if (lost || !subscribed) return;
    lost = true;
    clearInterval(heartbeat);
    handlers.onLost(error);
    void client.end().catch(() => undefined);
  };
  client.on("error", loseOnce);
  client.on("end", () => loseOnce());
  const ownChannel = `${channel}_alive_${randomBytes(8).toString("hex")}`;
  // When the proof in flight was sent; none is sent while one is unanswered.
  let proofSentAt: number | undefined;
  client.on("notification", (message) => {
    if (message.channel === ownChannel) {
      if (proofSentAt !== undefined) handlers.onAlive?.(proofSentAt);
      proofSentAt = undefined;
    } else if (message.channel === channel && message.payload !== undefined) handlers.onPayload(message.payload);
  });
  const heartbeat = setInterval(() => {
    if (!subscribed) return;
    if (proofSentAt !== undefined) {
      if (performance.now() - proofSentAt > connectTimeoutMs) loseOnce(new Error("listener heartbeat timed out"));
      return;
    }
    proofSentAt = performance.now();
    client.query(`notify ${pg.escapeIdentifier(ownChannel)}`).catch((error: Error) => loseOnce(error));
  }, PROOF_EVERY_MS).unref();
  // Bounded as a whole: a connection attempt that neither succeeds nor fails would stop the retries.
  let giveUp: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    giveUp = setTimeout(() => reject(new Error("listening connection timed out")), connectTimeoutMs);
  });
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await client.query(`listen ${pg.escapeIdentifier(channel)}; listen ${pg.escapeIdentifier(ownChannel)}`);
      })(),
      timedOut,
    ]);
    clearTimeout(giveUp);
    subscribed = true;
  } catch (error) {
    clearTimeout(giveUp);
    lost = true;
    clearInterval(heartbeat);
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    provesAlive: true,
    close: async () => {
      lost = true;
      clearInterval(heartbeat);
      await client.end().catch(() => undefined);
    },
  };
}

/** PGlite is one in-process session: its notifications arrive with the answers to its queries, and it cannot drop. */
export async function listenOnPglite(
  client: PGlite,
  channel: string,
  handlers: ListenHandlers,
): Promise<ChannelListener> {
  const unlisten = await client.listen(channel, handlers.onPayload);
  return { provesAlive: false, close: () => (client.closed ? Promise.resolve() : unlisten()) };
}

export class DatabaseClosedError extends Error {
  override name = "DatabaseClosedError";
  constructor() {
    super("The database is closed");
  }
}

/** The listeners of one database, closed with it; none can be opened once it is closed. */
export class ListenerSet {
  private readonly open = new Set<ChannelListener>();
  private closed = false;

  async add(opening: Promise<ChannelListener>): Promise<ChannelListener> {
    if (this.closed) throw new DatabaseClosedError();
    const listener = await opening;
    if (this.closed) {
      await listener.close();
      throw new DatabaseClosedError();
    }
    this.open.add(listener);
    return {
      provesAlive: listener.provesAlive,
      close: async () => {
        this.open.delete(listener);
        await listener.close();
      },
    };
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.open].map((listener) => listener.close()));
    this.open.clear();
  }
}
