import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import type { Language } from '@meltway/shared/common/language';
import { formats, languageTag } from '../../lib/documents/formats.js';
import { translator } from '../../lib/i18n.js';

export type CertificatePdfData = {
  code: string;
  holderName: string;
  courseTitle: string;
  certificationName: string;
  score: number;
  issuedAt: Date;
  expiresAt: Date | null;
  revoked: boolean;
  verificationUrl: string;
};


const INK = rgb(0.09, 0.13, 0.2);
const MUTED = rgb(0.38, 0.43, 0.5);
const ACCENT = rgb(0.05, 0.4, 0.75);
/** US Letter, landscape. */
const W = 792;
const H = 612;

/**
 * The certificate as a one-page PDF in the holder's language (Helvetica, WinAnsi: characters the font
 * lacks are drawn as '?'), with a QR code of its verification address drawn module by module.
 */
export async function certificatePdf(c: CertificatePdfData, lang: Language): Promise<Uint8Array> {
  const t = translator(lang, 'academy', 'certificate');
  const { date } = formats(lang);
  const doc = await PDFDocument.create();
  doc.setTitle(`${t('title')}: ${c.certificationName}`);
  doc.setAuthor('Meltway');
  doc.setProducer('Meltway');
  doc.setCreator('Meltway');
  doc.setLanguage(languageTag(lang));
  doc.setCreationDate(c.issuedAt);
  doc.setModificationDate(c.issuedAt);
  const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
  const charset = new Set(regular.getCharacterSet());
  const clean = (s: string) => Array.from(s.normalize('NFC'), (ch) => (charset.has(ch.codePointAt(0)!) ? ch : ch === '\u202f' ? '\u00a0' : '?')).join('');
  const page = doc.addPage([W, H]);

  page.drawRectangle({ x: 24, y: 24, width: W - 48, height: H - 48, borderColor: ACCENT, borderWidth: 3 });
  page.drawRectangle({ x: 32, y: 32, width: W - 64, height: H - 64, borderColor: MUTED, borderWidth: 0.6 });

  const centre = (text: string, y: number, size: number, font: PDFFont, color = INK, maxWidth = W - 140) => {
    const s = clean(text);
    let sz = size;
    while (font.widthOfTextAtSize(s, sz) > maxWidth && sz > 8) sz -= 1;
    page.drawText(s, { x: (W - font.widthOfTextAtSize(s, sz)) / 2, y, size: sz, font, color });
  };

  centre('MELTWAY ACADEMY', H - 90, 12, bold, ACCENT);
  centre(t('title'), H - 135, 30, bold);
  centre(t('certifies'), H - 185, 13, regular, MUTED);
  centre(c.holderName, H - 225, 28, bold);
  centre(t('completed'), H - 260, 13, regular, MUTED);
  centre(c.courseTitle, H - 290, 18, bold);
  centre(t('earned'), H - 320, 13, regular, MUTED);
  centre(c.certificationName, H - 350, 18, bold, ACCENT);

  const facts: [string, string][] = [
    [t('issued'), date(c.issuedAt)],
    [t('expires'), c.expiresAt ? date(c.expiresAt) : t('noExpiry')],
    [t('score'), `${c.score}%`],
    [t('id'), c.code],
  ];
  let y = 190;
  for (const [label, value] of facts) {
    page.drawText(clean(label), { x: 80, y, size: 10, font: regular, color: MUTED });
    page.drawText(clean(value), { x: 190, y, size: 11, font: bold, color: INK });
    y -= 22;
  }
  page.drawText(clean(`${t('verify')} ${c.verificationUrl}`), { x: 80, y: y - 6, size: 9, font: regular, color: MUTED });
  if (c.revoked) page.drawText(clean(t('revoked')), { x: 80, y: H - 80, size: 20, font: bold, color: rgb(0.75, 0.1, 0.1) });

  drawQr(page, c.verificationUrl, { x: W - 80 - 130, y: 70, size: 130 });
  return doc.save();
}

/** The QR code of `text`, its dark modules as filled squares, with a white quiet zone of 4 modules. */
function drawQr(page: PDFPage, text: string, box: { x: number; y: number; size: number }) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = box.size / (n + 8);
  page.drawRectangle({ x: box.x, y: box.y, width: box.size, height: box.size, color: rgb(1, 1, 1) });
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (!qr.modules.get(row, col)) continue;
      page.drawRectangle({ x: box.x + (col + 4) * cell, y: box.y + box.size - (row + 5) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
    }
  }
}
