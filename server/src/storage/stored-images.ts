import type { Kysely } from 'kysely';
import { isForeignKeyViolation, nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { type Storage, type StoredImage, mainPathOf } from './storage.ts';
import * as ledger from './stored-images.repository.ts';

/** A temporary file of a write older than this was left by a crash: removed by the sweep. */
const TEMP_FILE_MAX_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;
/** Files stored before sizes were recorded that one sweep measures and gives their copies. */
const SIZE_PER_SWEEP = 500;

export interface SweepResult {
  /** Files removed because nothing uses them and their grace period is over. */
  unused: number;
  /** Stored files the ledger did not know (left by a crash between the two), past the grace period. */
  strays: number;
  /** Temporary files of interrupted writes. */
  temps: number;
  /** Files stored before sizes were recorded, now measured and given their narrower copies. */
  sized: number;
}

export interface StoredImagesLog {
  error(message: string): void;
}

/**
 * Uploaded images and when their files may go. Every stored file has a row in `stored_images` (the
 * ledger) with the time it was last uploaded; `post_images` rows reference it by foreign key, so a
 * post can only use a file the ledger knows, and a file goes only after its row was deleted, which
 * the key refuses while a post uses it. A file uploaded within the grace period is never removed:
 * the editor uploads body images before the post is saved, and the same bytes uploaded again for a
 * new post must survive the deletion of an older post that used them. In this process a write and a
 * removal of the same file never interleave (a queue per path). A file's narrower copies live and go
 * with it (Storage.writeImage, Storage.remove); the ledger records its intrinsic size, which with the
 * path tells which copies exist (contract/images.ts). Files stored before sizes were recorded are
 * measured and given their copies by the sweep, SIZE_PER_SWEEP a pass.
 */
export function createStoredImages(db: Kysely<DB>, storage: Storage, options: { graceMs: number; log?: StoredImagesLog }) {
  const queues = new Map<string, Promise<unknown>>();
  function serialised<T>(path: string, task: () => Promise<T>): Promise<T> {
    const run = (queues.get(path) ?? Promise.resolve()).then(task, task);
    const settled = run.then(
      () => {},
      () => {},
    );
    queues.set(path, settled);
    void settled.then(() => {
      if (queues.get(path) === settled) queues.delete(path);
    });
    return run;
  }

  /** The grace period's start: a file last uploaded before it, and used by nothing, may go. */
  const cutoff = () => new Date(Date.now() - options.graceMs).toISOString();

  /** Of these stored paths, those the ledger does not know (never uploaded, or removed since). */
  async function unknown(paths: readonly string[]): Promise<string[]> {
    if (paths.length === 0) return [];
    const known = await ledger.knownPaths(db, paths);
    return paths.filter((p) => !known.has(p));
  }

  /** Deletes the ledger row of an unused file past its grace period, then the file. */
  function removeIfUnused(path: string): Promise<boolean> {
    return serialised(path, async () => {
      let deleted: boolean;
      try {
        deleted = await ledger.deleteIfUnused(db, path, cutoff());
      } catch (err) {
        // A post started using it between the check and the delete (PostgreSQL): it stays.
        if (isForeignKeyViolation(err)) return false;
        throw err;
      }
      if (!deleted) return false;
      await storage.remove(path);
      return true;
    });
  }

  async function sweepLedger(): Promise<number> {
    let removed = 0;
    const tried = new Set<string>();
    for (;;) {
      const fresh = (await ledger.unusedPaths(db, cutoff(), BATCH)).filter((p) => !tried.has(p));
      if (fresh.length === 0) return removed;
      for (const path of fresh) {
        tried.add(path);
        if (await removeIfUnused(path)) removed += 1;
      }
    }
  }

  async function sweepDisk(): Promise<{ strays: number; temps: number }> {
    const before = Date.now() - options.graceMs;
    let strays = 0;
    let temps = 0;
    let batch: string[] = [];
    const flush = async () => {
      // A copy belongs to its main file's ledger row; a stray main file goes with its copies.
      const strayMains = new Set(await unknown([...new Set(batch.map((p) => mainPathOf(p)!))]));
      const removed = new Set<string>();
      for (const path of batch) {
        const main = mainPathOf(path)!;
        if (!strayMains.has(main) || removed.has(main)) continue;
        const gone = await serialised(main, async () => {
          if ((await unknown([main])).length === 0) return false; // uploaded again meanwhile
          await storage.remove(path);
          return true;
        });
        if (gone) strays += 1;
        if (gone && path === main) removed.add(main);
      }
      batch = [];
    };
    for await (const entry of storage.list()) {
      if (entry.path === null) {
        if (entry.removeTemporary && entry.mtimeMs < Date.now() - TEMP_FILE_MAX_AGE_MS) {
          await entry.removeTemporary();
          temps += 1;
        }
        continue;
      }
      if (entry.mtimeMs > before) continue;
      batch.push(entry.path);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    return { strays, temps };
  }

  /** Measures one file stored before sizes were recorded and writes its copies; false when it cannot be. */
  function sizeOlderFile(path: string): Promise<boolean> {
    return serialised(path, async () => {
      if ((await unknown([path])).length > 0) return false; // removed meanwhile
      const size = await storage.addVariants(path).catch((err: unknown) => {
        options.log?.error(`Storage sweep could not measure ${path}: ${(err as Error).message}`);
        return null;
      });
      if (!size) return false;
      await ledger.setSize(db, path, size);
      return true;
    });
  }

  /**
   * Measures up to SIZE_PER_SWEEP files stored before sizes were recorded and writes their copies. A
   * file that cannot be read (missing, broken) stays unmeasured, served as it is, and is passed over.
   */
  async function sizeOlderFiles(): Promise<number> {
    let sized = 0;
    let after = '';
    while (sized < SIZE_PER_SWEEP) {
      const paths = await ledger.unmeasuredPaths(db, after, BATCH);
      if (paths.length === 0) break;
      for (const path of paths) if (sized < SIZE_PER_SWEEP && (await sizeOlderFile(path))) sized += 1;
      after = paths[paths.length - 1]!;
    }
    return sized;
  }

  let running: Promise<SweepResult> | undefined;

  const images = {
    /** Validates, re-encodes and stores an image, and (re)starts its grace period. */
    async put(bytes: Buffer): Promise<StoredImage> {
      const image = await storage.encodeImage(bytes);
      return serialised(image.path, async () => {
        await ledger.recordUpload(db, image.path, nowIso(), { width: image.width, height: image.height });
        return storage.writeImage(image);
      });
    },

    unknown,

    /** Removes the files among `paths` that nothing uses any more and whose grace period is over. */
    async release(paths: readonly string[]): Promise<void> {
      for (const path of new Set(paths)) await removeIfUnused(path);
    },

    /** One pass over the ledger and the disk; concurrent calls share the pass. */
    sweep(): Promise<SweepResult> {
      running ??= (async () => {
        try {
          const unused = await sweepLedger();
          const { strays, temps } = await sweepDisk();
          const sized = await sizeOlderFiles();
          return { unused, strays, temps, sized };
        } finally {
          running = undefined;
        }
      })();
      return running;
    },

    /** Resolves once a sweep under way has ended (the `storage-sweep` job, jobs/app-jobs.ts, runs them). */
    async stop(): Promise<void> {
      await running?.catch(() => {});
    },
  };
  return images;
}

export type StoredImages = ReturnType<typeof createStoredImages>;
