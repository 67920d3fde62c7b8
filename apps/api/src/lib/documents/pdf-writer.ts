import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/** US Letter, the paper of Canadian offices, in points. */
const PAGE: [number, number] = [612, 792];
const MARGIN = 50;
const INK = rgb(0.09, 0.13, 0.2);
const MUTED = rgb(0.38, 0.43, 0.5);
const RULE = rgb(0.8, 0.83, 0.87);

type Align = 'left' | 'right';
export type Column = { label: string; width: number; align?: Align };

/** A box of a page to draw in with pdf-lib (origin at its bottom-left, in points), and text in the writer's fonts. */
export type Canvas = {
  page: PDFPage;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Draws `s` with its baseline starting at (x, y), turned by `rotate` degrees counter-clockwise. */
  text: (s: string, x: number, y: number, o?: { size?: number; bold?: boolean; muted?: boolean; rotate?: number }) => void;
};

type TextOptions = { x?: number; size?: number; bold?: boolean; muted?: boolean; align?: Align; width?: number; /** Points below the cursor's line. */ dy?: number };

/** Characters a Latin-1 font would mis-draw, written with their WinAnsi look-alikes (Intl puts narrow spaces in French numbers). */
const LOOK_ALIKES: Record<string, string> = { '\u202f': '\u00a0', '\u2009': ' ', '\u2212': '-', '\u2010': '-', '\u2011': '-' };

/**
 * Pages of text for the documents the API writes (invoices, statements, syllabi, permit packs), in the
 * PDF's own Helvetica (no font file to ship) with WinAnsi encoding: French accents, € and typographic
 * quotes are in it; any other character is drawn as '?', never an error. Lines flow down the page and a
 * new page starts when one is full.
 */
export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly charset: Set<number>;
  /** Draws what a page started while it is set repeats at its top (the header of the table under way). */
  onNewPage: ((w: PdfWriter) => void) | null = null;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.charset = new Set(regular.getCharacterSet());
    this.addPage();
  }

  /** A new document of one empty page. */
  static async create(meta: { title: string; at: Date; language: string }) {
    const doc = await PDFDocument.create();
    doc.setTitle(meta.title);
    doc.setAuthor('Meltway');
    doc.setProducer('Meltway');
    doc.setCreator('Meltway');
    doc.setLanguage(meta.language);
    doc.setCreationDate(meta.at);
    doc.setModificationDate(meta.at);
    const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
    return new PdfWriter(doc, regular, bold);
  }

  /** The left edge and the width of the writing area. */
  readonly left = MARGIN;
  readonly width = PAGE[0] - 2 * MARGIN;

  /** `s` as the font can draw it. */
  clean(s: string): string {
    let out = '';
    for (const ch of s.normalize('NFC')) {
      const c = LOOK_ALIKES[ch] ?? ch;
      out += this.charset.has(c.codePointAt(0)!) ? c : c === '\n' || c === '\t' ? ' ' : '?';
    }
    return out;
  }

  private font(bold?: boolean) {
    return bold ? this.bold : this.regular;
  }

  widthOf(s: string, size = 10, bold = false) {
    return this.font(bold).widthOfTextAtSize(this.clean(s), size);
  }

  private addPage() {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  need(height: number) {
    if (this.y - height >= MARGIN + 20) return;
    this.addPage();
    this.onNewPage?.(this);
  }

  /** Moves down by `points`. */
  down(points: number) {
    this.y -= points;
  }

  /** Draws text on the current line (its baseline `size` below the cursor) without moving down. */
  put(s: string, o: TextOptions = {}) {
    const size = o.size ?? 10;
    const text = this.clean(s);
    if (!text) return;
    const font = this.font(o.bold);
    const x = o.x ?? this.left;
    const w = font.widthOfTextAtSize(text, size);
    const drawX = o.align === 'right' ? x + (o.width ?? 0) - w : x;
    this.page.drawText(text, { x: drawX, y: this.y - size - (o.dy ?? 0), size, font, color: o.muted ? MUTED : INK });
  }

  /** One line of text, then down by its height. */
  line(s: string, o: TextOptions = {}) {
    const size = o.size ?? 10;
    this.need(size * 1.5);
    this.put(s, o);
    this.down(size * 1.45);
  }

  /** `s` broken into lines no wider than `width` (long words are cut). */
  wrap(s: string, width: number, size = 10, bold = false): string[] {
    const font = this.font(bold);
    const fits = (t: string) => font.widthOfTextAtSize(this.clean(t), size) <= width;
    const lines: string[] = [];
    let current = '';
    // Breaks at spaces only: a no-break space (French amounts) keeps its words together.
    for (const word of s.split(/[ \t\r\n]+/).filter(Boolean)) {
      const next = current ? `${current} ${word}` : word;
      if (fits(next)) {
        current = next;
        continue;
      }
      if (current) lines.push(current);
      let rest = word;
      while (!fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      current = rest;
    }
    if (current || !lines.length) lines.push(current);
    return lines;
  }

  /** Reserves `height` points (at most a page's writing area) across the writing area, on a new page when they do not fit, for `draw` to paint; then moves below them. */
  figure(height: number, draw: (canvas: Canvas) => void) {
    this.need(height);
    const text: Canvas['text'] = (s, x, y, o = {}) => {
      const clean = this.clean(s);
      if (clean) this.page.drawText(clean, { x, y, size: o.size ?? 8, font: this.font(o.bold), color: o.muted ? MUTED : INK, rotate: degrees(o.rotate ?? 0) });
    };
    draw({ page: this.page, x: this.left, y: this.y - height, width: this.width, height, text });
    this.down(height);
  }

  /** A thin rule across the writing area. */
  rule(gapAfter = 6) {
    this.page.drawLine({ start: { x: this.left, y: this.y }, end: { x: this.left + this.width, y: this.y }, thickness: 0.6, color: RULE });
    this.down(gapAfter);
  }

  /** A table: its header now and at the top of every page it runs onto, then its rows. */
  table(columns: readonly Column[], rows: readonly (readonly string[])[]) {
    const header = () => {
      let x = this.left;
      for (const c of columns) {
        this.put(c.label, { x, width: c.width, align: c.align, bold: true, size: 9 });
        x += c.width;
      }
      this.down(14);
      this.rule();
    };
    this.need(40);
    header();
    this.onNewPage = header;
    for (const row of rows) this.tableRow(columns, row);
    this.onNewPage = null;
    this.rule(8);
  }

  /** A row; cells wrap within their column and the row is as tall as its tallest cell. */
  private tableRow(columns: readonly Column[], cells: readonly string[], size = 9) {
    const leading = size * 1.35;
    const wrapped = columns.map((c, i) => this.wrap(cells[i] ?? '', c.width - 8, size));
    const height = Math.max(...wrapped.map((l) => l.length)) * leading;
    this.need(height + 4);
    let x = this.left;
    columns.forEach((c, i) => {
      wrapped[i]!.forEach((text, k) => this.put(text, { x, width: c.width, align: c.align, size, dy: k * leading }));
      x += c.width;
    });
    this.down(height + 4);
  }

  /** A label and an amount on the right, as in a totals block. */
  amountLine(label: string, amount: string, o: { bold?: boolean; size?: number } = {}) {
    const size = o.size ?? 10;
    this.need(size * 1.6);
    const labelX = this.left + this.width - 260;
    this.put(label, { x: labelX, size, bold: o.bold });
    this.put(amount, { x: labelX, width: 260, align: 'right', size, bold: o.bold });
    this.down(size * 1.55);
  }

  /** Numbers every page ("Page 1 of 2") and answers the document's bytes. */
  async finish(pageLabel: (n: number, of: number) => string): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const text = this.clean(pageLabel(i + 1, pages.length));
      const w = this.regular.widthOfTextAtSize(text, 8);
      page.drawText(text, { x: PAGE[0] - MARGIN - w, y: MARGIN - 20, size: 8, font: this.regular, color: MUTED });
    });
    return this.doc.save();
  }
}
