import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type FileStore, type Storage, type StoredFileInfo, imageStorage, mainPathOf } from './storage.ts';

/** Storage on disk, with the absolute file name of a stored path (for tests and tools that look at the files). */
export interface DiskStorage extends Storage {
  /** The absolute file name of a stored file (a main file or a copy), or null when the path is not a valid stored path. */
  resolve(path: string): string | null;
}

/** Files in a directory (DATA_DIR/storage): the stored path is the file's path under it. */
export function createDiskStorage(rootDir: string): DiskStorage {
  const root = path.resolve(rootDir);
  const resolve = (storedPath: string) => (mainPathOf(storedPath) ? path.join(root, ...storedPath.split('/')) : null);
  /** The file of a stored path that the storage module already checked. */
  const fileOf = (storedPath: string) => path.join(root, ...storedPath.split('/'));

  async function stat(storedPath: string): Promise<StoredFileInfo | null> {
    const found = await fs.stat(fileOf(storedPath)).catch(() => null);
    return found?.isFile() ? { size: found.size, mtime: found.mtime } : null;
  }

  const files: FileStore = {
    /** Written to a temporary name and renamed: a reader sees the whole file or none. Same bytes, same name. */
    async write(storedPath, bytes) {
      const target = fileOf(storedPath);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temp, bytes, { flag: 'wx' });
        await fs.rename(temp, target);
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    },

    stat,

    async open(storedPath) {
      // Opened before it is answered, so a file removed in between is null rather than a broken stream.
      const handle = await fs.open(fileOf(storedPath), 'r').catch(() => null);
      if (!handle) return null;
      const found = await handle.stat().catch(() => null);
      if (!found?.isFile()) {
        await handle.close();
        return null;
      }
      return { size: found.size, mtime: found.mtime, stream: handle.createReadStream() };
    },

    delete: (storedPath) => fs.rm(fileOf(storedPath), { force: true }),

    async ready() {
      try {
        // mkdir fails (EEXIST) when something that is not a directory holds the root's name.
        await fs.mkdir(root, { recursive: true });
        await fs.access(root, fsConstants.W_OK);
        return true;
      } catch {
        return false;
      }
    },

    async *list() {
      let dirs: string[];
      try {
        dirs = await fs.readdir(root);
      } catch {
        return; // nothing stored yet
      }
      for (const a of dirs) {
        for (const b of await fs.readdir(path.join(root, a)).catch(() => [])) {
          for (const name of await fs.readdir(path.join(root, a, b)).catch(() => [])) {
            const file = path.join(root, a, b, name);
            const found = await fs.stat(file).catch(() => null);
            if (!found?.isFile()) continue;
            const storedPath = `${a}/${b}/${name}`;
            const removeTemporary = name.endsWith('.tmp') ? () => fs.rm(file, { force: true }) : undefined;
            yield { path: mainPathOf(storedPath) ? storedPath : null, name: storedPath, mtimeMs: found.mtimeMs, removeTemporary };
          }
        }
      }
    },

    close: async () => {},
  };
  return { ...imageStorage(files), resolve };
}
