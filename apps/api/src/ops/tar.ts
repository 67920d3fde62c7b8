import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { OpsError } from './ops-error.js';

/**
 * The backup archive is a gzipped POSIX (ustar) tar of regular files, so `tar -tzf` lists it and
 * `tar -xzf` opens it anywhere; this small writer and reader keep the tools free of a tar dependency.
 */
const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1;

export type TarFile = { name: string; size: number; sha256: string; mode: number };

function field(header: Buffer, offset: number, length: number, value: string) {
  header.write(value, offset, length, 'utf8');
}

const octal = (n: number, width: number) => `${n.toString(8).padStart(width - 1, '0')}\0`;

/** Splits a path into ustar's name (100 bytes) and prefix (155 bytes), at a slash. */
function splitName(name: string): { name: string; prefix: string } {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: '' };
  for (let i = name.indexOf('/'); i >= 0; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { name: rest, prefix };
  }
  throw new OpsError(`the path ${name} is too long for the archive`);
}

function header(entry: { name: string; size: number; mode: number; mtime: number }) {
  if (entry.size > MAX_SIZE) throw new OpsError(`${entry.name} is larger than the archive allows (8 GB)`);
  const h = Buffer.alloc(BLOCK);
  const { name, prefix } = splitName(entry.name);
  field(h, 0, 100, name);
  field(h, 100, 8, octal(entry.mode & 0o7777, 8));
  field(h, 108, 8, octal(0, 8));
  field(h, 116, 8, octal(0, 8));
  field(h, 124, 12, octal(entry.size, 12));
  field(h, 136, 12, octal(Math.floor(entry.mtime / 1000), 12));
  field(h, 148, 8, '        ');
  field(h, 156, 1, '0');
  field(h, 257, 6, 'ustar\0');
  field(h, 263, 2, '00');
  field(h, 345, 155, prefix);
  let sum = 0;
  for (const byte of h) sum += byte;
  field(h, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return h;
}

export type TarWriter = {
  /** Adds a file of exactly `size` bytes read from `source`; answers it with its SHA-256. */
  add(name: string, size: number, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, mode?: number): Promise<TarFile>;
  /** Writes the end of the archive and waits until every byte is on disk. */
  finish(): Promise<void>;
  /** Stops writing after a failure; the caller removes the file. */
  abort(): Promise<void>;
};

/** A new .tar.gz at `file` (which must not exist), readable by its owner only: it holds the secret and private files. */
export async function createTarGz(file: string): Promise<TarWriter> {
  const gzip = createGzip();
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  await once(out, 'open');
  const written = pipeline(gzip, out);
  written.catch(() => {});
  const write = async (bytes: Uint8Array) => {
    if (!gzip.write(bytes)) await Promise.race([once(gzip, 'drain'), written]);
  };
  return {
    async add(name, size, source, mode = 0o644) {
      await write(header({ name, size, mode, mtime: Date.now() }));
      const hash = createHash('sha256');
      let seen = 0;
      for await (const chunk of source) {
        seen += chunk.byteLength;
        if (seen > size) throw new OpsError(`${name} grew while it was being read`);
        hash.update(chunk);
        await write(chunk);
      }
      if (seen !== size) throw new OpsError(`${name} shrank while it was being read`);
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (pad) await write(Buffer.alloc(pad));
      return { name, size, sha256: hash.digest('hex'), mode };
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2));
      gzip.end();
      await written;
    },
    async abort() {
      gzip.destroy();
      await written.catch(() => {});
    },
  };
}

const text = (h: Buffer, offset: number, length: number) => {
  const raw = h.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
};

const number = (h: Buffer, offset: number, length: number) => {
  const raw = text(h, offset, length).trim();
  return /^[0-7]+$/.test(raw) ? parseInt(raw, 8) : NaN;
};

/**
 * Reads a .tar.gz, writing each regular file where `destinationOf` says (it throws for a name it does not
 * expect). Answers every file read, with its SHA-256. Anything but regular files is refused.
 */
export async function extractTarGz(file: string, destinationOf: (name: string) => string): Promise<TarFile[]> {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on('error', (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  const chunks = gunzip[Symbol.asyncIterator]();
  let buffered: Buffer = Buffer.alloc(0);

  const more = async () => {
    let next: IteratorResult<Buffer>;
    try {
      next = await chunks.next();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (code.startsWith('Z_')) throw new OpsError(`${file} is not a gzip archive or is damaged (${(err as Error).message})`);
      throw err;
    }
    if (next.done) throw new OpsError(`${file} ends early: the archive is incomplete`);
    buffered = buffered.length ? Buffer.concat([buffered, next.value]) : next.value;
  };
  const take = async (n: number) => {
    while (buffered.length < n) await more();
    const out = buffered.subarray(0, n);
    buffered = buffered.subarray(n);
    return out;
  };

  const files: TarFile[] = [];
  try {
    for (;;) {
      const h = await take(BLOCK);
      if (h.every((b) => b === 0)) break;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
      if (text(h, 257, 5) !== 'ustar' || number(h, 148, 8) !== sum) throw new OpsError(`${file} is not a backup archive (bad tar header)`);
      const prefix = text(h, 345, 155);
      const name = prefix ? `${prefix}/${text(h, 0, 100)}` : text(h, 0, 100);
      const type = text(h, 156, 1);
      if (type !== '0' && type !== '') throw new OpsError(`${file} holds ${name}, which is not a regular file`);
      const size = number(h, 124, 12);
      const mode = number(h, 100, 8);
      if (!Number.isFinite(size) || !Number.isFinite(mode)) throw new OpsError(`${file} is not a backup archive (bad tar header)`);
      const destination = destinationOf(name);
      await mkdir(path.dirname(destination), { recursive: true });
      const out = await open(destination, 'wx', mode & 0o777);
      const hash = createHash('sha256');
      try {
        let left = size;
        while (left > 0) {
          if (!buffered.length) await more();
          const piece = buffered.subarray(0, Math.min(left, buffered.length));
          buffered = buffered.subarray(piece.length);
          hash.update(piece);
          await out.write(piece);
          left -= piece.length;
        }
      } finally {
        await out.close();
      }
      await take((BLOCK - (size % BLOCK)) % BLOCK);
      files.push({ name, size, sha256: hash.digest('hex'), mode: mode & 0o777 });
    }
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  return files;
}
