/**
 * Values made from a text key, kept for the `capacity` keys most recently asked for: the least
 * recently used one goes first.
 * @internal
 */
export class BoundedMemo<V> {
  /** A Map iterates in insertion order: the first key is the least recently used. */
  private readonly values = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  /** Keys held now. */
  get size(): number {
    return this.values.size;
  }

  /** The value kept for `key`, made by `make` when missing. */
  get(key: string, make: () => V): V {
    let value = this.values.get(key);
    if (value === undefined) value = make();
    else this.values.delete(key);
    this.values.set(key, value);
    if (this.values.size > this.capacity) this.values.delete(this.values.keys().next().value!);
    return value;
  }
}
