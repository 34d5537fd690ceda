/**
 * Who may use the embedded database next: the service's own queries, or a client of its socket
 * (an operator's psql, `npm run users`), which has the database to itself until it is idle again.
 *
 * PGlite queues every caller and never gives up on one, so a client that keeps a transaction open
 * would hold each request, and /ready, for as long as it likes. Here the service's queries wait
 * for a socket client only as long as they are allowed to, and then fail without ever having been
 * queued in PGlite: a request answered 503 never writes later. A socket client first lets the
 * service's queries already running finish, so none of them is caught behind it either.
 */
export class EmbeddedDatabaseGate {
  #running = 0;
  #clients = 0;
  #announceChange: () => void = () => undefined;
  #changed = this.#nextChange();

  /** Runs one query or transaction of the service, after waiting at most `waitMs` for socket clients. */
  async run<T>(operation: () => Promise<T>, waitMs: number | undefined): Promise<T> {
    if (this.#clients > 0) await this.#waitForNoClients(waitMs);
    this.#running++;
    try {
      return await operation();
    } finally {
      this.#running--;
      this.#signal();
    }
  }

  /** For a socket client: resolves, once the service's running queries are done, with the function that lets them in again. */
  async takeForClient(): Promise<() => void> {
    this.#clients++;
    while (this.#running > 0) await this.#changed;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#clients--;
      this.#signal();
    };
  }

  #nextChange(): Promise<void> {
    return new Promise((resolve) => (this.#announceChange = resolve));
  }

  #signal(): void {
    this.#announceChange();
    this.#changed = this.#nextChange();
  }

  async #waitForNoClients(waitMs: number | undefined): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<"expired">((resolve) => {
      if (waitMs !== undefined) timer = setTimeout(() => resolve("expired"), waitMs);
    });
    try {
      while (this.#clients > 0) {
        if ((await Promise.race([this.#changed, expired])) === "expired") {
          throw new EmbeddedDatabaseBusyError(waitMs!);
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The embedded database stayed taken by a client of its socket for longer than a query may wait.
 * Its SQLSTATE is a client's that could not get a connection (08001), so it is answered as the
 * database being unavailable: 503, try again shortly.
 */
export class EmbeddedDatabaseBusyError extends Error {
  override name = "EmbeddedDatabaseBusyError";
  readonly code = "08001";
  constructor(waitMs: number) {
    super(`The embedded database was held by a client of its socket for more than ${waitMs} ms`);
  }
}
