import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Local folder today; the interface leaves room for object storage.
 * Public files sit under DATA_DIR/uploads (served at /uploads); private ones (void cheques) under
 * DATA_DIR/private, never served statically, only through routes that check who asks.
 */
export interface Storage {
  /** Stores the bytes under a generated name and returns the public path (`/uploads/...`). */
  save(bytes: Uint8Array, opts: { folder: string; ext: string }): Promise<string>;
  remove(publicPath: string): Promise<void>;
  /** The bytes of a stored file, or null when there is none. */
  read(publicPath: string): Promise<Uint8Array | null>;
}

const SAFE = /^[a-z0-9-]+$/;

export function localStorage(rootDir: string, publicPrefix = '/uploads'): Storage {
  /** The file behind a path this storage made, or null for anything else (no path tricks). */
  const fileOf = (publicPath: string) => {
    const rel = publicPath.startsWith(`${publicPrefix}/`) ? publicPath.slice(publicPrefix.length + 1) : '';
    const [folder, name, ...rest] = rel.split('/');
    if (!folder || !name || rest.length || !SAFE.test(folder) || !/^[a-f0-9-]+\.[a-z0-9]+$/.test(name)) return null;
    return path.join(rootDir, folder, name);
  };
  return {
    async save(bytes, { folder, ext }) {
      if (!SAFE.test(folder) || !SAFE.test(ext)) throw new Error(`unsafe storage name ${folder}/${ext}`);
      const name = `${randomUUID()}.${ext}`;
      await mkdir(path.join(rootDir, folder), { recursive: true });
      await writeFile(path.join(rootDir, folder, name), bytes);
      return `${publicPrefix}/${folder}/${name}`;
    },
    async remove(publicPath) {
      const file = fileOf(publicPath);
      if (file) await rm(file, { force: true });
    },
    async read(publicPath) {
      const file = fileOf(publicPath);
      if (!file) return null;
      try {
        return new Uint8Array(await readFile(file));
      } catch {
        return null;
      }
    },
  };
}
