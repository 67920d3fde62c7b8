// A test helper for Node (the API's tests and the browser journeys), never imported by the web's bundle.
/// <reference types="node" />
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';

/** WinAnsi's own characters at 0x80-0x9F (Latin-1 elsewhere); Node's TextDecoder reads these bytes as Latin-1 controls. */
const WIN_ANSI_80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = { decode: (bytes: Buffer) => Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80[b - 0x80]! : String.fromCharCode(b))).join('') };

/** The text a content stream shows, one string per text-showing operator (hex or literal strings). */
function shownText(content: string): string[] {
  const out: string[] = [];
  for (const m of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
    const bytes = m[1] !== undefined ? Buffer.from(m[1], 'hex') : Buffer.from(m[2]!.replace(/\\(.)/g, '$1'), 'latin1');
    out.push(winAnsi.decode(bytes));
  }
  return out;
}

/**
 * Reads a PDF's pages and the text each draws: the file is parsed by pdf-lib's reader, each page's
 * content streams are inflated by Node's zlib and their text operators decoded as WinAnsi (the
 * encoding of the standard fonts), independently of how the writer encoded them.
 */
export async function pdfText(bytes: Uint8Array | Buffer): Promise<{ pageCount: number; pages: string[][]; title: string | undefined }> {
  const doc = await PDFDocument.load(bytes);
  const pages = doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)!) : contents ? [contents] : [];
    return streams.flatMap((s) => {
      if (!(s instanceof PDFRawStream)) throw new Error('unexpected content stream');
      const filter = s.dict.get(PDFName.of('Filter'));
      const raw = Buffer.from(s.getContents());
      return shownText((filter === PDFName.of('FlateDecode') ? inflateSync(raw) : raw).toString('latin1'));
    });
  });
  return { pageCount: doc.getPageCount(), pages, title: doc.getTitle() };
}
