/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A leading = + - @ or
 * tab is prefixed with ' so a spreadsheet never runs the cell as a formula.
 */
function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A whole CSV document with CRLF line ends, header first. */
export const toCsv = (header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]) =>
  [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** Rows of a CSV document without its header, for a document written in parts. */
export const csvRows = (rows: readonly (readonly (string | number | null | undefined)[])[]) =>
  rows.map((r) => r.map(csvCell).join(',') + '\r\n').join('');
