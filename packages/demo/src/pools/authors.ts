import type { Random } from '../random.ts';
import { INITIALS, SURNAMES } from '../vocabulary/people.ts';

/** Share of author slots filled by someone new; the rest reuse earlier authors preferentially. */
const NEW_AUTHOR = 0.35;

/**
 * Authors ('Smith, J.A.'), reused preferentially so that a few prolific names appear in thousands of
 * entries. Names are derived from the author number, so only the usage list is kept in memory.
 */
export class AuthorPool {
  private count = 0;
  private usage = new Int32Array(4096);
  private used = 0;

  constructor(private readonly rng: Random) {}

  /** `n` distinct author names. */
  draw(n: number): string[] {
    const chosen = new Set<number>();
    for (let attempts = 0; chosen.size < n && attempts < n * 4; attempts++) {
      const author =
        this.used === 0 || this.rng.chance(NEW_AUTHOR)
          ? this.count++
          : (this.usage[this.rng.int(this.used)] as number);
      if (chosen.has(author)) continue;
      chosen.add(author);
      this.remember(author);
    }
    return [...chosen].map(authorName);
  }

  private remember(author: number): void {
    if (this.used === this.usage.length) {
      const grown = new Int32Array(this.usage.length * 2);
      grown.set(this.usage);
      this.usage = grown;
    }
    this.usage[this.used++] = author;
  }
}

/** A stable name for an author number (integer hash: no per-author state is kept). */
export function authorName(author: number): string {
  let hash = Math.imul(author ^ 0x5bd1e995, 0x27d4eb2d);
  hash = Math.imul(hash ^ (hash >>> 15), 0x165667b1);
  hash = (hash ^ (hash >>> 13)) >>> 0;
  const surname = SURNAMES[hash % SURNAMES.length] as string;
  const first = INITIALS[(hash >>> 8) % INITIALS.length];
  const second = (hash >>> 16) % 3 === 0 ? '' : `${INITIALS[(hash >>> 20) % INITIALS.length]}.`;
  return `${surname}, ${first}.${second}`;
}
