import path from 'node:path';
import type { Config } from '../config.ts';
import { createDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** The storage the configuration names: the S3-compatible bucket of STORAGE_URL, or DATA_DIR/storage. */
export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>, log?: { error(message: string): void }): Storage {
  const { s3 } = config.storage;
  return s3 ? createS3Storage({ ...s3, log }) : createDiskStorage(path.join(config.dataDir, 'storage'));
}
