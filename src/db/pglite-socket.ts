import { once } from "node:events";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";
import { DataDirectoryInUseError, findDataDirectoryHolder, SOCKET_FILE } from "./data-dir-lock.js";
import type { EmbeddedDatabaseGate } from "./pglite-gate.js";

/**
 * The embedded database, served by the process that holds it on a Unix socket only its user may
 * open, so that operator commands (`npm run users`, `npm run db:migrate`) run while the service
 * runs, as PostgreSQL clients of the one process that may write the directory.
 *
 * Not @electric-sql/pglite-socket: it runs each protocol message on its own, so the holder's own
 * queries run between a client's messages, inside the client's open transaction (a client's
 * ROLLBACK then undoes writes the service had already acknowledged: seen with 0.2.17) or between
 * its Parse and Bind; and it pins an older PGlite as a peer. Here a client has the database to
 * itself from its first message until PostgreSQL reports it idle again (ReadyForQuery, no
 * transaction), which is what one connection to a real server sees.
 */

// A Unix socket path is at most 107 bytes on Linux and 103 on macOS.
const MAX_SOCKET_PATH = 100;
// Bounds what one client can make the holder buffer, and how long it may keep the database from
// the service's own requests (a client stopped in the middle of a transaction).
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
export const MAX_EXCLUSIVE_MS = 60_000;

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const READY_FOR_QUERY = 0x5a; // "Z"
const IDLE = 0x49; // "I": no transaction open
const TERMINATE = 0x58; // "X"
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
const ROLLBACK = queryMessage("rollback");

export interface EmbeddedDatabaseSocket {
  /** The directory holding the socket: a PostgreSQL client's `host`. */
  readonly directory: string;
  close(): Promise<void>;
}

/** Serves `client` on a Unix socket, in `dataDirectory` when the path is short enough, else in a private temporary directory. */
export async function serveEmbeddedDatabase(
  client: PGlite,
  dataDirectory: string,
  gate: EmbeddedDatabaseGate,
): Promise<EmbeddedDatabaseSocket> {
  let directory = resolve(dataDirectory, "socket");
  const temporary = join(directory, SOCKET_FILE).length > MAX_SOCKET_PATH;
  if (temporary) directory = mkdtempSync(join(tmpdir(), "posts-api-pglite-"));
  // Only this user may enter the directory, so nobody else can connect before the socket's own mode is set.
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  chmodSync(directory, 0o700);
  const path = join(directory, SOCKET_FILE);
  // Left by a holder that was killed: nothing listens on it any more.
  rmSync(path, { force: true });

  const connections = new Set<EmbeddedConnection>();
  const server = createServer((socket) => {
    const connection = new EmbeddedConnection(client, gate, socket);
    connections.add(connection);
    socket.once("close", () => connections.delete(connection));
  });
  server.listen(path);
  await once(server, "listening");
  chmodSync(path, 0o600);

  return {
    directory,
    close: async () => {
      server.close();
      await Promise.all([...connections].map((connection) => connection.end()));
      rmSync(temporary ? directory : path, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL URL of a socket directory served above. */
export function embeddedDatabaseUrl(socketDirectory: string): string {
  return `postgresql://postgres@${encodeURIComponent(socketDirectory)}/postgres`;
}

// How long an operator command waits for a holder that is still starting to serve its database.
const HOLDER_START_WAIT_MS = 15_000;

/**
 * The DATABASE_URL an operator command should use: for a PGlite directory that a running process
 * holds (the service), that process's socket; otherwise the URL unchanged, and the command opens
 * the directory itself (taking over the lock of a holder that is gone).
 */
export async function databaseUrlForCommand(url: string): Promise<string> {
  const directory = url.startsWith("pglite:") && url !== "pglite:memory" ? url.slice("pglite:".length) : undefined;
  if (!directory) return url;
  const deadline = performance.now() + HOLDER_START_WAIT_MS;
  for (;;) {
    const holder = await findDataDirectoryHolder(directory);
    if (!holder) return url;
    if (holder.socketDirectory) return embeddedDatabaseUrl(holder.socketDirectory);
    if (performance.now() > deadline) throw new DataDirectoryInUseError(directory, holder);
    await delay(100);
  }
}

/** One client connection: its messages run in order, each under PGlite's own lock. */
class EmbeddedConnection {
  private pending = Buffer.alloc(0);
  private started = false;
  private work: Promise<void> = Promise.resolve();
  private releaseDatabase: (() => void) | undefined;
  private exclusiveTimer: NodeJS.Timeout | undefined;
  private ended: Promise<void> | undefined;

  constructor(
    private readonly client: PGlite,
    private readonly gate: EmbeddedDatabaseGate,
    private readonly socket: Socket,
  ) {
    socket.on("data", (chunk: Buffer) => {
      this.pending = Buffer.concat([this.pending, chunk]);
      if (this.pending.length > MAX_MESSAGE_BYTES) socket.destroy();
      else this.queue(() => this.runPendingMessages());
    });
    socket.on("error", () => socket.destroy());
    socket.once("close", () => void this.end());
  }

  /** Closes the connection and gives the database back, rolling back whatever the client left open. */
  end(): Promise<void> {
    this.socket.destroy();
    this.ended ??= new Promise((done) => this.queue(() => this.releaseAfterCleanUp().finally(done)));
    return this.ended;
  }

  private queue(step: () => Promise<void>): void {
    this.work = this.work.then(step).catch(() => void this.socket.destroy());
  }

  private async runPendingMessages(): Promise<void> {
    for (let message = this.nextMessage(); message && !this.socket.destroyed; message = this.nextMessage()) {
      if (!this.started) {
        const code = message.length >= 8 ? message.readInt32BE(4) : 0;
        // No TLS or GSS on a local socket: "N" tells the client to go on in plain text.
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          this.socket.write("N");
          continue;
        }
        if (code === CANCEL_REQUEST) return void this.socket.destroy();
        this.started = true;
      }
      if (message[0] === TERMINATE) return void this.socket.end();
      await this.holdDatabase();
      // execProtocol, not the raw call: it hands NOTIFY messages to this process's listeners too.
      const { data } = await this.client.runExclusive(() => this.client.execProtocol(message, { throwOnError: false }));
      // A copy: the bytes are PGlite's buffer, which its next call overwrites.
      this.socket.write(Buffer.from(data));
      if (endsIdle(data)) this.giveBackDatabase();
    }
  }

  /** The next complete message, or undefined until more bytes arrive. */
  private nextMessage(): Buffer | undefined {
    // The start-up message has no type byte; every later one does.
    const header = this.started ? 5 : 4;
    if (this.pending.length < header) return undefined;
    const length = (this.started ? 1 : 0) + this.pending.readInt32BE(header - 4);
    if (length < header) {
      this.socket.destroy();
      return undefined;
    }
    if (this.pending.length < length) return undefined;
    const message = this.pending.subarray(0, length);
    this.pending = this.pending.subarray(length);
    return message;
  }

  /** Keeps the service's own queries and transactions out until this client is idle again. */
  private async holdDatabase(): Promise<void> {
    if (this.releaseDatabase) return;
    const letServiceIn = await this.gate.takeForClient();
    await new Promise<void>((held) => {
      void this.client._runExclusiveTransaction(
        () =>
          new Promise<void>((release) => {
            this.releaseDatabase = () => {
              release();
              letServiceIn();
            };
            held();
          }),
      );
    });
    this.exclusiveTimer = setTimeout(() => void this.end(), MAX_EXCLUSIVE_MS).unref();
  }

  private giveBackDatabase(): void {
    clearTimeout(this.exclusiveTimer);
    this.releaseDatabase?.();
    this.releaseDatabase = undefined;
  }

  private async releaseAfterCleanUp(): Promise<void> {
    if (!this.releaseDatabase) return;
    try {
      await this.client.runExclusive(async () => {
        // Ends a half-sent extended query, then whatever transaction the client left open.
        await this.client.execProtocol(SYNC, { throwOnError: false });
        if (this.client.isInTransaction()) await this.client.execProtocol(ROLLBACK, { throwOnError: false });
      });
    } finally {
      this.giveBackDatabase();
    }
  }
}

/** Whether the backend's reply ends with ReadyForQuery outside a transaction. */
function endsIdle(data: Uint8Array): boolean {
  const view = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let last = -1;
  for (let offset = 0; offset + 5 <= view.length; offset += 1 + view.readInt32BE(offset + 1)) last = offset;
  return last >= 0 && view[last] === READY_FOR_QUERY && view[last + 5] === IDLE;
}

function queryMessage(text: string): Buffer {
  const body = Buffer.from(`${text}\0`);
  const header = Buffer.alloc(5);
  header.write("Q");
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}
