import type { ServerResponse } from "node:http";

const SLOT = Symbol("in-flight slot");
type Tracked = ServerResponse & { [SLOT]?: number };

/**
 * The responses of the requests in flight, for the shutdown drain. An array, each response
 * knowing its slot, and not a Set: under load a Set of responses made V8 promote every request's
 * whole object graph (request, response, rows, body) to the old generation, which then needed a
 * full collection about every half second. Each rehash of a Set's table keeps a link from the
 * old table to the new one; once one table had been promoted, that chain kept every later table,
 * and the responses in it, alive through the young collections (`node --trace-gc-nvp` under
 * load: about 5 KB promoted per request with the Set, a tenth of it without).
 */
export class InFlightResponses implements Iterable<ServerResponse> {
  readonly #responses: Tracked[] = [];

  /** Tracks the response until its connection closes or it ends. */
  add(res: ServerResponse): void {
    const tracked = res as Tracked;
    tracked[SLOT] = this.#responses.push(tracked) - 1;
    res.once("close", () => this.#remove(tracked));
  }

  get size(): number {
    return this.#responses.length;
  }

  [Symbol.iterator](): Iterator<ServerResponse> {
    return [...this.#responses][Symbol.iterator]();
  }

  // The last response takes the slot of the one leaving: no shifting, no holes.
  #remove(res: Tracked): void {
    const slot = res[SLOT];
    if (slot === undefined) return;
    res[SLOT] = undefined;
    const last = this.#responses.pop()!;
    if (last === res) return;
    this.#responses[slot] = last;
    last[SLOT] = slot;
  }
}
