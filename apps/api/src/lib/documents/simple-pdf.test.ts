import { pdfText } from '@meltway/shared/common/test/pdf-text';
import { describe, expect, it } from 'vitest';
import { textPdf } from './simple-pdf.js';

describe('textPdf', () => {
  it('keeps a French document’s accents, its typographic quotes and €, in the text and the title', async () => {
    const title = 'Liste de vérification : pose d’un tapis chauffant';
    const lines = ['1. Prévoir le tracé : les tapis ont des formats fixes et ne se coupent jamais.', '2. Enrober de 38 à 50 mm sous le béton, l’asphalte ou les pavés.', '« Élément chauffant » : 129,00 €'];
    const read = await pdfText(await textPdf(title, lines, 'fr'));
    expect(read.pageCount).toBe(1);
    expect(read.title).toBe(title);
    expect(read.pages[0]).toEqual([title, ...lines, '1 / 1']);
  });

  it('draws a character its font lacks as ? and wraps a line too long for the page', async () => {
    const long = 'Snowmelt '.repeat(20).trim();
    const read = await pdfText(await textPdf('Checklist ✓', [long]));
    const [heading, ...rest] = read.pages[0]!;
    expect(heading).toBe('Checklist ?');
    expect(rest.length).toBeGreaterThan(2);
    expect(rest.slice(0, -1).join(' ')).toBe(long);
  });
});
