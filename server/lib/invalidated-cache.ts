/**
 * A bounded in-process copy of database rows, emptied by the database's change notifications
 * (ADR 063). It is only ever as fresh as those notifications, so:
 * - it serves and stores nothing while the feed is not live (notifications may be lost);
 * - a value read from the database is stored only if no invalidation arrived while it was being
 *   read (the read's snapshot may predate a change whose notification has just been handled);
 * - an entry older than maxAgeMs is read again, a last bound should a notification go missing in a
 *   way the feed did not notice.
 */
export class InvalidatedCache<K, V> {
  readonly #entries = new Map<K, { value: V; storedAt: number }>();
  #generation = 0;

  constructor(
    private readonly feed: { readonly live: boolean },
    private readonly options: { maxEntries: number; maxAgeMs: number },
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    if (!this.feed.live) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (performance.now() - entry.storedAt > this.options.maxAgeMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The cached value, or `load()`'s, kept when `keep` says it may be (undefined, a miss, never is). */
  async read<L extends V | undefined>(key: K, load: () => Promise<L>, keep: (value: V) => boolean = () => true): Promise<V | L> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const generation = this.#generation;
    const value = await load();
    if (value !== undefined && generation === this.#generation && this.feed.live && keep(value)) this.#store(key, value);
    return value;
  }

  /** Drops one entry this process no longer trusts (reads in flight may still store theirs). */
  forget(key: K): void {
    this.#entries.delete(key);
  }

  /** Replaces a present entry (this process wrote the change itself, e.g. a session's sliding expiry). */
  replace(key: K, value: V): void {
    const entry = this.#entries.get(key);
    if (entry) entry.value = value;
  }

  /** Drops the entries `matches` picks, or every entry; in-flight reads will not be stored. */
  invalidate(matches?: (key: K, value: V) => boolean): void {
    this.#generation++;
    if (!matches) return this.#entries.clear();
    for (const [key, entry] of this.#entries) if (matches(key, entry.value)) this.#entries.delete(key);
  }

  #store(key: K, value: V): void {
    this.#entries.delete(key);
    // Map keeps insertion order: the first key is the oldest stored.
    if (this.#entries.size >= this.options.maxEntries) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, { value, storedAt: performance.now() });
  }
}
