import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Header, Parser, type ReadEntry } from 'tar';
import { OpsError } from './ops-error.js';

/**
 * The backup archive is a gzipped POSIX (ustar) tar of regular files, so `tar -tzf` lists it and
 * `tar -xzf` opens it anywhere. node-tar (`tar`) encodes each entry's header and parses the archive back;
 * the gzip stream around it stays ours, so a file is hashed as it is written, its size is held to what was
 * announced, and a damaged gzip is told apart from a damaged tar.
 */
const BLOCK = 512;

export type TarFile = { name: string; size: number; sha256: string; mode: number };

/** The entry's ustar header block, by node-tar; a path that would need a PAX extension is refused (a backup has none). */
function header(entry: { name: string; size: number; mode: number; mtime: number }): Buffer {
  const h = new Header({ path: entry.name, mode: entry.mode & 0o7777, uid: 0, gid: 0, size: entry.size, mtime: new Date(entry.mtime), type: 'File' });
  if (h.encode() || !h.block) throw new OpsError(`the path ${entry.name} is too long for the archive`);
  return h.block;
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

/**
 * Reads a .tar.gz, writing each regular file where `destinationOf` says (it throws for a name it does not
 * expect). Answers every file read, with its SHA-256. Anything but regular files is refused.
 */
export async function extractTarGz(file: string, destinationOf: (name: string) => string): Promise<TarFile[]> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  const parser = new Parser({ strict: true });
  const entries: Promise<TarFile>[] = [];
  /** The entry being written, if any: a failure elsewhere (a cut gzip) ends it, or its writer would wait for it forever. */
  let current: ReadEntry | undefined;

  const write = async (entry: ReadEntry): Promise<TarFile> => {
    try {
      if (entry.type !== 'File' && entry.type !== 'OldFile') throw new OpsError(`${file} holds ${entry.path}, which is not a regular file`);
      const destination = destinationOf(entry.path);
      await mkdir(path.dirname(destination), { recursive: true });
      const mode = (entry.mode ?? 0o644) & 0o777;
      const out = await open(destination, 'wx', mode);
      const hash = createHash('sha256');
      try {
        if (entry.destroyed) throw new OpsError(`${file} ends early: the archive is incomplete`);
        for await (const piece of entry) {
          hash.update(piece);
          await out.write(piece);
          // Ended by a failure elsewhere while the piece was written: it will get no more data.
          if (entry.destroyed) throw new OpsError(`${file} ends early: the archive is incomplete`);
        }
      } finally {
        await out.close();
      }
      return { name: entry.path, size: entry.size ?? 0, sha256: hash.digest('hex'), mode };
    } catch (err) {
      entry.resume();
      parser.abort(err as Error);
      throw err;
    }
  };

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('entry', (entry: ReadEntry) => {
      current = entry;
      const written = write(entry);
      written.catch(() => {}); // `parsed` rejects with the same error
      entries.push(written);
    });
    parser.on('end', resolve);
    parser.on('abort', reject);
    parser.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'TAR_ABORT') return;
      reject(
        /Truncated input/.test(err.message)
          ? new OpsError(`${file} ends early: the archive is incomplete`)
          : new OpsError(`${file} is not a backup archive (bad tar header: ${err.message})`),
      );
    });
    gunzip.on('error', (err: NodeJS.ErrnoException) => {
      const code = err.code ?? '';
      reject(code.startsWith('Z_') ? new OpsError(`${file} is not a gzip archive or is damaged (${err.message})`) : err);
    });
    input.on('error', reject);
  });
  parsed.catch(() => {});
  input.pipe(gunzip).pipe(parser as unknown as NodeJS.WritableStream);
  try {
    await parsed.catch((err: unknown) => {
      current?.destroy();
      throw err;
    });
    return await Promise.all(entries);
  } finally {
    await Promise.allSettled(entries);
    input.destroy();
    gunzip.destroy();
  }
}
