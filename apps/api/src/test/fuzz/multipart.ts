import fc from 'fast-check';
import { NASTY_TEXTS } from './values.js';

/**
 * Multipart bodies written byte by byte, so that they can be broken anywhere: the boundary, the part
 * headers, the line endings, the end; and arbitraries of malformed ones for the upload routes.
 */

export type Part = { headers: string[]; body: Buffer };
export type Multipart = { contentType: string; body: Buffer };

const CRLF = '\r\n';

/** A well-formed body of these parts. */
export function multipart(parts: Part[], boundary = 'fuzzBoundary7MA4YWxkTrZu0gW'): Multipart {
  const chunks: Buffer[] = [];
  for (const part of parts) chunks.push(Buffer.from(`--${boundary}${CRLF}${part.headers.join(CRLF)}${CRLF}${CRLF}`, 'latin1'), part.body, Buffer.from(CRLF));
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}

/** A text field; its value in UTF-8. */
const field = (name: string, value: string): Part => ({ headers: [`Content-Disposition: form-data; name="${name}"`], body: Buffer.from(value, 'utf8') });

/** A file field. */
const file = (name: string, filename: string, bytes: Uint8Array, type = 'application/octet-stream'): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, `Content-Type: ${type}`],
  body: Buffer.from(bytes),
});

/** Bytes that are no file type the API takes: an ELF header, a zip's start, zeros, random bytes, HTML. */
const GARBAGE_FILES: Buffer[] = [
  Buffer.alloc(0),
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]),
  Buffer.alloc(4_096),
  Buffer.from('<html><script>alert(1)</script></html>'),
  Buffer.from('%PDF-1.4\n%%EOF'),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
  Buffer.from('GIF89a'),
  Buffer.from('\xff\xd8\xff\xe0', 'latin1'),
];

/** A file that is not what it says it is, or nothing at all. */
export const garbageFile = fc.oneof(fc.constantFrom(...GARBAGE_FILES), fc.uint8Array({ maxLength: 2_048 }).map((a) => Buffer.from(a)));

const nastyName = fc.constantFrom(...NASTY_TEXTS.filter((t) => t.length < 300));

/** A part as a client could send it, broken in its headers or not. */
const partArb = (fieldNames: readonly string[], fileNames: readonly string[]): fc.Arbitrary<Part> => {
  const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fieldNames, ...fileNames) }, { weight: 1, arbitrary: nastyName });
  const value = fc.oneof(fc.string({ maxLength: 40 }), nastyName, fc.constantFrom('x'.repeat(70_000), '{"en":"Name","fr":"Nom"}', '{"en":', '[]', '2147483648', '-1'));
  const filename = fc.oneof(fc.constantFrom('a.png', 'file.pdf', 'loads.csv', '', '../../etc/passwd', 'a\u0000.png', 'x'.repeat(5_000) + '.png', 'é😀.png', 'C:\\boot.ini', '.htaccess'), nastyName);
  const fileType = fc.constantFrom('image/png', 'application/pdf', 'text/csv', 'application/octet-stream', 'text/html', 'image/svg+xml', '', 'x/x; charset=🔥');
  return fc.oneof(
    fc.tuple(name, value).map(([n, v]) => field(n, v)),
    fc.tuple(name, filename, garbageFile, fileType).map(([n, f, bytes, type]) => file(n, f, bytes, type)),
    // Broken part headers: none, no name, unquoted or unterminated, unknown disposition, a huge line, many of them.
    fc.constantFrom<Part>(
      { headers: [], body: Buffer.from('no headers') },
      { headers: ['Content-Disposition: form-data'], body: Buffer.from('no name') },
      { headers: ['Content-Disposition: form-data; name=unquoted'], body: Buffer.from('value') },
      { headers: ['Content-Disposition: form-data; name="unterminated'], body: Buffer.from('value') },
      { headers: ['Content-Disposition: attachment; name="name"'], body: Buffer.from('value') },
      { headers: ['Content-Disposition: form-data; name="name"; name="other"'], body: Buffer.from('twice') },
      { headers: ['Content-Disposition: form-data; name*=UTF-8\'\'%E2%9C%93'], body: Buffer.from('encoded name') },
      { headers: ['Content-Disposition: form-data; name="image"; filename*=UTF-8\'\'%FF%FE.png', 'Content-Type: image/png'], body: Buffer.from('bad filename') },
      { headers: [`Content-Disposition: form-data; name="name"`, `X-Huge: ${'h'.repeat(100_000)}`], body: Buffer.from('huge header') },
      { headers: Array.from({ length: 500 }, (_, i) => `X-H${i}: v`), body: Buffer.from('many headers') },
      { headers: ['Content-Disposition: form-data; name="name"', 'Content-Transfer-Encoding: base64'], body: Buffer.from('!!!not base64!!!') },
      { headers: ['Content-Disposition: form-data; name="name"', 'Content-Type: multipart/mixed; boundary=inner'], body: Buffer.from('--inner\r\n\r\nnested\r\n--inner--') },
      { headers: ['Content-Disposition: form-data; name="name"', 'Content-Type: text/plain; charset=utf-7'], body: Buffer.from('+AGEAYgBj-') },
      { headers: ['Content-Disposition form-data name name'], body: Buffer.from('no colon') },
      { headers: [`Content-Disposition: form-data; name="${'n'.repeat(70_000)}"`], body: Buffer.from('huge name') },
    ),
  );
};

/** How a body is broken after it is written. */
type Breakage =
  | { kind: 'truncate'; at: number }
  | { kind: 'no-end' }
  | { kind: 'lf-only' }
  | { kind: 'other-boundary' }
  | { kind: 'preamble'; text: string }
  | { kind: 'epilogue'; text: string }
  | { kind: 'flip'; at: number; byte: number }
  | { kind: 'no-crlf-after-boundary' }
  | { kind: 'garbage'; bytes: Buffer };

const breakage: fc.Arbitrary<Breakage> = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }).map((at) => ({ kind: 'truncate' as const, at })),
  fc.constant({ kind: 'no-end' as const }),
  fc.constant({ kind: 'lf-only' as const }),
  fc.constant({ kind: 'other-boundary' as const }),
  fc.string({ maxLength: 200 }).map((text) => ({ kind: 'preamble' as const, text })),
  fc.string({ maxLength: 200 }).map((text) => ({ kind: 'epilogue' as const, text })),
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })).map(([at, byte]) => ({ kind: 'flip' as const, at, byte })),
  fc.constant({ kind: 'no-crlf-after-boundary' as const }),
  fc.uint8Array({ minLength: 1, maxLength: 4_096 }).map((a) => ({ kind: 'garbage' as const, bytes: Buffer.from(a) })),
);

/** Content-Type headers for a multipart route: right, without a boundary, with a broken one, or another type. */
const contentType = (boundary: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(`multipart/form-data; boundary=${boundary}`) },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary=""',
        `multipart/form-data; boundary="${boundary}`,
        `multipart/form-data; boundary=${'b'.repeat(200)}`,
        `multipart/form-data; boundary=${boundary}; boundary=other`,
        `multipart/form-data; charset=utf-16; boundary=${boundary}`,
        `multipart/mixed; boundary=${boundary}`,
        `multipart/related; boundary=${boundary}`,
        `Multipart/Form-Data; BOUNDARY=${boundary}`,
        `multipart/form-data; boundary=${boundary}\u0000`,
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        'text/plain',
        'image/png',
        'application/json',
        'multipart/form-data; boundary=a'.padEnd(9_000, ' '),
      ),
    },
  );

/**
 * A malformed multipart body for a route whose form has these field and file names: parts with broken
 * headers or bytes, then at least one breakage of the whole (cut short, no closing boundary, another
 * boundary, bare line feeds, flipped bytes, garbage), under a right or wrong Content-Type.
 */
export function malformedMultipart(fieldNames: readonly string[], fileNames: readonly string[]): fc.Arbitrary<Multipart & { how: string }> {
  // Boundaries a browser sends, the shortest, and any of RFC 2046's characters (some of which need quotes in the header).
  const boundary = fc.oneof(fc.constantFrom('fuzzBoundary7MA4YWxkTrZu0gW', '----WebKitFormBoundaryx1', 'a', "'()+_,-./:=?"), fc.stringMatching(/^[0-9A-Za-z'()+_,\-./:=?]{1,70}$/));
  return fc
    .tuple(boundary, fc.array(partArb(fieldNames, fileNames), { minLength: 0, maxLength: 6 }), fc.array(breakage, { minLength: 1, maxLength: 3 }))
    .chain(([b, parts, breakages]) => contentType(b).map((type) => ({ b, parts, breakages, type })))
    .map(({ b, parts, breakages, type }) => {
      let body = multipart(parts, b).body;
      for (const broken of breakages) body = applyBreakage(body, broken, b);
      return { contentType: type, body, how: `${parts.length} parts; ${breakages.map((x) => x.kind).join(', ')}; ${type.slice(0, 60)}` };
    });
}

function applyBreakage(body: Buffer, broken: Breakage, boundary: string): Buffer {
  const text = () => body.toString('latin1');
  switch (broken.kind) {
    case 'truncate':
      return body.subarray(0, Math.floor(body.length * broken.at));
    case 'no-end':
      return Buffer.from(text().replace(`--${boundary}--`, ''), 'latin1');
    case 'lf-only':
      return Buffer.from(text().replaceAll('\r\n', '\n'), 'latin1');
    case 'other-boundary':
      return Buffer.from(text().replaceAll(`--${boundary}`, '--someOtherBoundary'), 'latin1');
    case 'preamble':
      return Buffer.concat([Buffer.from(broken.text), body]);
    case 'epilogue':
      return Buffer.concat([body, Buffer.from(broken.text)]);
    case 'flip': {
      if (!body.length) return Buffer.from([broken.byte]);
      const copy = Buffer.from(body);
      copy[Math.min(copy.length - 1, Math.floor(copy.length * broken.at))] = broken.byte;
      return copy;
    }
    case 'no-crlf-after-boundary':
      return Buffer.from(text().replace(`--${boundary}\r\n`, `--${boundary}`), 'latin1');
    case 'garbage':
      return broken.bytes;
  }
}
