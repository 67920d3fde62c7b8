import { PdfWriter } from './pdf-writer.js';

/**
 * A one-page PDF (US Letter, Helvetica) with a title and lines of text, for demo documents and tests. It is
 * written by pdf-lib through the API's PdfWriter, so French accents, € and typographic quotes are drawn as
 * they are (WinAnsi); a character outside it becomes '?'. A line too long for the page wraps.
 */
export async function textPdf(title: string, lines: readonly string[], language = 'en'): Promise<Uint8Array> {
  const w = await PdfWriter.create({ title, at: new Date(), language });
  w.line(title, { size: 20 });
  w.down(12);
  for (const line of lines) for (const part of w.wrap(line, w.width, 12)) w.line(part, { size: 12 });
  return w.finish((n, of) => `${n} / ${of}`);
}
