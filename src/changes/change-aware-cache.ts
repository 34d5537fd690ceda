import { LRUCache } from "lru-cache";
import type { Change, ChangeFeed } from "./feed.js";

/** Counts a cache keeps as plain numbers, read at scrape time. */
export interface CacheCounts {
  readonly hits: number;
  readonly misses: number;
  readonly evictions: number;
  readonly entries: number;
  readonly bytes: number;
}

export interface ChangeAwareCacheOptions<V> {
  /** Most entries held; past it the least recently used go. */
  maxEntries: number;
  /** Most bytes held, as `bytesOf` counts them. */
  maxBytes: number;
  /** The longest an entry is used without reading the database again; 0 caches nothing. */
  ttlMs: number;
  /** An estimate of an entry's memory (its strings count two bytes a character). */
  bytesOf: (key: string, value: V) => number;
  /** Whether a committed change makes this entry stale. */
  staleAfter: (change: Change, value: V, key: string) => boolean;
  /** Whether a change concerns this cache at all (a read racing it is then not kept). */
  concerns: (change: Change) => boolean;
}

/**
 * Database reads kept in memory, bounded by entries and bytes, and forgotten entry by entry when
 * the change feed announces a committed change they were read from, whichever process made it.
 * While the feed is not listening the cache neither answers nor keeps anything, and it starts
 * empty when the feed is back.
 */
export class ChangeAwareCache<V extends object> {
  private readonly entries: LRUCache<string, V> | undefined;
  /** Moves on every change that concerns the cache: a read that a change overtook is not kept. */
  private version = 0;
  // Plain numbers the metrics read when scraped: counting costs a request nothing more.
  private hits = 0;
  private misses = 0;
  private evictions = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: ChangeAwareCacheOptions<V>,
  ) {
    if (options.ttlMs <= 0) return;
    this.entries = new LRUCache<string, V>({
      max: options.maxEntries,
      maxSize: options.maxBytes,
      sizeCalculation: (value, key) => Math.max(1, options.bytesOf(key, value)),
      ttl: options.ttlMs,
      dispose: (_value, _key, reason) => {
        if (reason === "evict") this.evictions += 1;
      },
    });
    feed.subscribe({
      change: (change) => this.forgetStale(change),
      trust: () => this.forgetAll(),
      closed: () => this.forgetAll(),
    });
  }

  get(key: string): V | undefined {
    if (!this.entries) return undefined;
    const value = this.feed.trusted ? this.entries.get(key) : undefined;
    if (value === undefined) this.misses += 1;
    else this.hits += 1;
    return value;
  }

  /** Taken before reading the database; `set` keeps the read only if nothing changed since. */
  ticket(): number {
    return this.version;
  }

  set(key: string, value: V, ticket: number): void {
    if (this.feed.trusted && ticket === this.version) this.entries?.set(key, value);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries?.size ?? 0, bytes: this.entries?.calculatedSize ?? 0 };
  }

  get counts(): CacheCounts {
    const { entries, bytes } = this.size;
    return { hits: this.hits, misses: this.misses, evictions: this.evictions, entries, bytes };
  }

  private forgetStale(change: Change): void {
    if (!this.entries || !this.options.concerns(change)) return;
    this.version += 1;
    const stale: string[] = [];
    for (const [key, value] of this.entries.entries()) if (this.options.staleAfter(change, value, key)) stale.push(key);
    for (const key of stale) this.entries.delete(key);
  }

  private forgetAll(): void {
    this.version += 1;
    this.entries?.clear();
  }
}

/** Bytes of a string held in memory: two a character (a safe bound for V8's one- and two-byte strings). */
export function stringBytes(value: string | null | undefined): number {
  return (value?.length ?? 0) * 2;
}
