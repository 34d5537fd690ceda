import { LRUCache } from "lru-cache";

/**
 * Reads that requests would otherwise repeat many times a second (a session with its user, a large
 * count), remembered for a short while. One rule keeps them honest: any write this process makes,
 * through a request with an unsafe method or a service function that changes what they were read
 * from, voids every one of them at once. So a write acknowledged by this process is seen by its
 * next request; another process's write (another instance, the operator CLI) is seen once the
 * remembered read's lifetime has passed.
 */
let writes = 0;

/** Read before reading the database: a write while the read runs voids what it read. */
export function writesSoFar(): number {
  return writes;
}

/** Something was written: every remembered read is void. */
export function forgetRememberedReads(): void {
  writes += 1;
}

export class RememberedReads<V> {
  private readonly entries: LRUCache<string, { value: V; writes: number }> | undefined;

  /** `ttlMs` 0 remembers nothing. */
  constructor({ max, ttlMs }: { max: number; ttlMs: number }) {
    this.entries = ttlMs > 0 ? new LRUCache({ max, ttl: ttlMs }) : undefined;
  }

  get(key: string): V | undefined {
    const remembered = this.entries?.get(key);
    return remembered?.writes === writes ? remembered.value : undefined;
  }

  /** `writesBefore`: `writesSoFar()` as it was before the read began. */
  remember(key: string, value: V, writesBefore: number): void {
    if (writesBefore === writes) this.entries?.set(key, { value, writes: writesBefore });
  }
}
