/**
 * A small RFC 4180 reader for the tests (written apart from the service's writer): records
 * split on CRLF outside quotes, fields on commas, quoted fields with doubled quotes.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else {
      field += char;
    }
  }
  if (field !== "" || record.length > 0) throw new Error("the CSV does not end with CRLF");
  return records;
}

/** Header and records as objects of strings. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error("no header row");
  for (const row of rows) {
    if (row.length !== header.length) throw new Error(`a record has ${row.length} fields`);
  }
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] as string])));
}

/** A JSON value as the CSV writes it: null empty, numbers and strings as text. */
export function asCsvField(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}
