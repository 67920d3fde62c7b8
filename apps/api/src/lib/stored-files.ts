import type { CheckedFile } from './files.js';
import type { Storage } from './storage.js';

/** Stores checked files under `folder` and returns their public `/uploads/...` paths, in order. */
export async function storeFiles(storage: Storage, files: readonly CheckedFile[], folder: string): Promise<string[]> {
  const paths: string[] = [];
  for (const f of files) paths.push(await storage.save(f.bytes, { folder, ext: f.ext }));
  return paths;
}

/** Stores an optional file under `folder`, runs the write with its path, and removes the file again if the write fails. */
export async function withStoredFile<T>(storage: Storage, file: CheckedFile | undefined, folder: string, write: (path: string | undefined) => Promise<T>) {
  const path = file ? await storage.save(file.bytes, { folder, ext: file.ext }) : undefined;
  try {
    return await write(path);
  } catch (err) {
    await removeFiles(storage, [path]);
    throw err;
  }
}

/** Removes stored files, for a write that failed after storing them or a row that is gone. */
export async function removeFiles(storage: Storage, paths: readonly (string | null | undefined)[]) {
  await Promise.all(paths.filter((p): p is string => !!p).map((p) => storage.remove(p).catch(() => undefined)));
}
