/**
 * A deliberately small mmCIF reader for tests: the importer parses with Mol*'s reader, and checks
 * against the files read this other way. One data block; values as the file writes them.
 */
export type CifTables = Map<string, Record<string, string>[]>;

function tokens(text: string): string[] {
  const out: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith(';')) {
      const parts = [line.slice(1)];
      while (i + 1 < lines.length && !(lines[i + 1] as string).startsWith(';'))
        parts.push(lines[++i] as string);
      i++;
      out.push(parts.join('\n').trim());
      continue;
    }
    const pattern = /'((?:[^']|'(?!\s|$))*)'(?=\s|$)|"((?:[^"]|"(?!\s|$))*)"(?=\s|$)|(\S+)/g;
    for (const match of line.matchAll(pattern)) {
      if (match[3]?.startsWith('#')) break;
      out.push(match[1] ?? match[2] ?? (match[3] as string));
    }
  }
  return out;
}

export function readPlainCif(text: string): CifTables {
  const tables: CifTables = new Map();
  const all = tokens(text);
  const add = (category: string, row: Record<string, string>) => {
    const rows = tables.get(category) ?? [];
    rows.push(row);
    tables.set(category, rows);
  };
  let i = 0;
  while (i < all.length) {
    const token = all[i] as string;
    if (token === 'loop_') {
      const items: string[] = [];
      i++;
      while (i < all.length && (all[i] as string).startsWith('_')) items.push(all[i++] as string);
      const category = (items[0] as string).slice(1).split('.')[0] as string;
      while (i < all.length && !(all[i] as string).startsWith('_') && all[i] !== 'loop_') {
        if ((all[i] as string).startsWith('data_')) break;
        const row: Record<string, string> = {};
        for (const item of items) row[item.split('.')[1] as string] = all[i++] as string;
        add(category, row);
      }
    } else if (token.startsWith('_')) {
      const [category, item] = token.slice(1).split('.') as [string, string];
      const rows = tables.get(category);
      const row = rows?.[0] ?? {};
      row[item] = all[i + 1] as string;
      if (!rows) add(category, row);
      i += 2;
    } else i++;
  }
  return tables;
}

/** A value of the file, with `?` and `.` as missing. */
export function value(tables: CifTables, category: string, item: string, row = 0): string | undefined {
  const text = tables.get(category)?.[row]?.[item];
  return text === undefined || text === '?' || text === '.' ? undefined : text;
}
