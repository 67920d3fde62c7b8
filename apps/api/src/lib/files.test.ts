import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FieldError } from './errors.js';
import { decodeDataUrl } from './files.js';

const refused = (dataUrl: string) => {
  try {
    decodeDataUrl(dataUrl, 'image', 'Only images');
    return 'decoded';
  } catch (err) {
    return err instanceof FieldError ? err.message : `threw ${String(err)}`;
  }
};

describe('decodeDataUrl', () => {
  it('decodes the base64 of a data URL, line breaks and spaces in it included, whatever type it names', () => {
    const bytes = randomBytes(300);
    const base64 = bytes.toString('base64');
    expect(Buffer.from(decodeDataUrl(`data:image/png;base64,${base64}`, 'image', 'Only images')).equals(bytes)).toBe(true);
    const wrapped = base64.replace(/.{76}/g, '$&\r\n');
    expect(Buffer.from(decodeDataUrl(`data:application/x.anything+v2;base64,${wrapped}`, 'image', 'Only images')).equals(bytes)).toBe(true);
  });

  it('refuses what is not a base64 data URL, naming the field', () => {
    for (const dataUrl of [
      '',
      'data:image/png;base64,',
      'image/png;base64,AAAA',
      'data:;base64,AAAA',
      'data:image/png,AAAA',
      'data:image/png;base64,AAAA!',
      'data:image/png;base64,AA AA\u00e9',
      `data:${'x'.repeat(101)};base64,AAAA`,
    ]) {
      expect({ dataUrl: dataUrl.slice(0, 40), answer: refused(dataUrl) }).toEqual({ dataUrl: dataUrl.slice(0, 40), answer: 'Only images' });
    }
  });

  it('reads a file of several megabytes in one pass, and refuses one whose last character is not base64', () => {
    const bytes = randomBytes(5 * 1024 * 1024 + 1);
    const dataUrl = `data:image/png;base64,${bytes.toString('base64')}`;
    expect(decodeDataUrl(dataUrl, 'image', 'Only images').byteLength).toBe(bytes.length);
    expect(refused(`${dataUrl}#`)).toBe('Only images');
    // No header either: a long string that never says ";base64," is refused without searching it for one.
    expect(refused(`data:${'A'.repeat(7_000_000)}`)).toBe('Only images');
  });
});
