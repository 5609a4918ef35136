import type { Random } from './random.ts';

/** Identifier formats of the archive: PDB ids, chain ids, chemical component ids, UniProt accessions. */

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const BLOCK = 36 ** 3;

/** Classic PDB ids: a digit 1-9 and three alphanumerics. */
export const LEGACY_ID_CAPACITY = 9 * BLOCK;

function base36(value: number, width: number): string {
  let text = '';
  for (let i = 0; i < width; i++) {
    text = ALNUM[value % 36] + text;
    value = Math.floor(value / 36);
  }
  return text;
}

/** A bijection of [0, 36^3) (20201 is coprime to 2 and 3), so that neighbours look unrelated. */
function scramble(value: number): number {
  return (value * 20201 + 7919) % BLOCK;
}

function legacyCode(position: number): string {
  return String(1 + Math.floor(position / BLOCK)) + base36(scramble(position % BLOCK), 3);
}

/**
 * The id of the entry at a position of the release order. Ids spread over the whole 4-character space,
 * so that the first digit grows with time as in the archive; past its 419,904 ids, the extended
 * 'PDB_' + 8 character form announced by the wwPDB takes over.
 */
export function entryId(index: number, total: number): string {
  const legacy = Math.min(total, LEGACY_ID_CAPACITY);
  if (index < legacy) return legacyCode(Math.floor((index * LEGACY_ID_CAPACITY) / legacy));
  const extra = index - legacy;
  const block = 1 + Math.floor(extra / LEGACY_ID_CAPACITY);
  return `PDB_${String(block).padStart(4, '0')}${legacyCode(extra % LEGACY_ID_CAPACITY)}`;
}

export const ENTRY_ID_PATTERN = /^(?:[1-9][0-9A-Z]{3}|PDB_\d{4}[1-9][0-9A-Z]{3})$/;

/** label_asym_id sequence: A..Z, then AA, BA, ..., ZA, AB, ... as the archive names chains. */
export function asymId(index: number): string {
  if (index < 26) return LETTERS[index] as string;
  let rest = index - 26;
  if (rest < 26 * 26) return (LETTERS[rest % 26] as string) + LETTERS[Math.floor(rest / 26)];
  rest -= 26 * 26;
  return (
    (LETTERS[rest % 26] as string) +
    LETTERS[Math.floor(rest / 26) % 26] +
    LETTERS[Math.floor(rest / 676) % 26]
  );
}

const RESERVED_COMPONENTS = new Set(['HOH', 'DOD', 'UNL', 'UNK', 'UNX', 'N', 'DN']);

/**
 * Chemical component ids for the made-up components: 3-character codes in scrambled order, skipping
 * the real ones in use; past the 3-character space, 5-character ids as the CCD now issues.
 */
export class ComponentIds {
  private next = 0;

  constructor(private readonly taken: ReadonlySet<string>) {}

  take(): string {
    for (;;) {
      const n = this.next++;
      const id =
        n < BLOCK
          ? base36(scramble(n), 3)
          : LETTERS[Math.floor((n - BLOCK) / (10 * BLOCK)) % 26] +
            String(Math.floor((n - BLOCK) / BLOCK) % 10) +
            base36(scramble((n - BLOCK) % BLOCK), 3);
      if (!this.taken.has(id) && !RESERVED_COMPONENTS.has(id)) return id;
    }
  }
}

export const COMPONENT_ID_PATTERN = /^(?:[0-9A-Z]{1,3}|[A-Z][0-9][0-9A-Z]{3}|PRD_\d{6})$/;

function alnumUpper(rng: Random): string {
  return ALNUM[rng.int(36)] as string;
}

/** Fresh UniProt accessions in the real formats (P69905, Q9Y6K9, A0A024R161), never repeated. */
export class AccessionFactory {
  private readonly used = new Set<string>();

  constructor(private readonly rng: Random) {}

  reserve(accession: string): void {
    this.used.add(accession);
  }

  take(): string {
    for (;;) {
      const accession = this.candidate();
      if (!this.used.has(accession)) {
        this.used.add(accession);
        return accession;
      }
    }
  }

  private candidate(): string {
    const rng = this.rng;
    const digit = () => String(rng.int(10));
    const letter = () => LETTERS[rng.int(26)] as string;
    const roll = rng.next();
    if (roll < 0.45)
      return (
        rng.pick(['O', 'P', 'Q']) + digit() + alnumUpper(rng) + alnumUpper(rng) + alnumUpper(rng) + digit()
      );
    const first = rng.pick([...'ABCDEFGHIJKLMNRSTUVWXYZ']);
    const tail = () => letter() + alnumUpper(rng) + alnumUpper(rng) + digit();
    if (roll < 0.85) return first + digit() + tail();
    return 'A0A' + alnumUpper(rng) + alnumUpper(rng) + digit() + tail();
  }
}

export const ACCESSION_PATTERN =
  /^(?:[OPQ][0-9][A-Z0-9]{3}[0-9]|[A-NR-Z][0-9](?:[A-Z][A-Z0-9]{2}[0-9]){1,2})$/;
