/**
 * SQL text for what the code itself puts into statements (table and column names, file paths), in
 * the double-quote and single-quote forms DuckDB and ClickHouse share. Values of requests never go
 * this way: they are parameters.
 */
export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const quoteString = (text: string) => `'${text.replaceAll("'", "''")}'`;
