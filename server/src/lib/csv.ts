/**
 * CSV as spreadsheets read it (RFC 4180, CRLF lines), safe to open: a cell that a spreadsheet would take
 * for a formula (=, +, -, @, a tab or a carriage return first) is written with a leading apostrophe.
 */
export function csvCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/** The header line and one line per row, each cell made inert, ending with CRLF. */
export function csvDocument(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return `${[header, ...rows].map((fields) => fields.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
