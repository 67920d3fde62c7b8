import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local folder today; the interface leaves room for object storage. */
export interface Storage {
  /** Stores the bytes under a generated name and returns the public path (`/uploads/...`). */
  save(bytes: Uint8Array, opts: { folder: string; ext: string }): Promise<string>;
  remove(publicPath: string): Promise<void>;
}

const SAFE = /^[a-z0-9-]+$/;

export function localStorage(rootDir: string, publicPrefix = '/uploads'): Storage {
  return {
    async save(bytes, { folder, ext }) {
      if (!SAFE.test(folder) || !SAFE.test(ext)) throw new Error(`unsafe storage name ${folder}/${ext}`);
      const name = `${randomUUID()}.${ext}`;
      await mkdir(path.join(rootDir, folder), { recursive: true });
      await writeFile(path.join(rootDir, folder, name), bytes);
      return `${publicPrefix}/${folder}/${name}`;
    },
    async remove(publicPath) {
      const rel = publicPath.startsWith(`${publicPrefix}/`) ? publicPath.slice(publicPrefix.length + 1) : '';
      const [folder, name, ...rest] = rel.split('/');
      if (!folder || !name || rest.length || !SAFE.test(folder) || !/^[a-f0-9-]+\.[a-z0-9]+$/.test(name)) return;
      await rm(path.join(rootDir, folder, name), { force: true });
    },
  };
}
