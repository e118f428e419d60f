/** Spreadsheet-safe CSV (every export of the app writes its rows with these). */

/**
 * One CSV cell: always quoted, inner quotes doubled. A cell that a spreadsheet
 * would read as a formula (= + - @, tab or carriage return first) gets a
 * leading apostrophe.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(cells: Array<string | number | null | undefined>) {
  return cells.map(csvCell).join(",") + "\r\n";
}
