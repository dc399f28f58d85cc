import { z } from 'zod';
import { idField } from './common.ts';

/** POST /api/user/export-data {user_id}: the signed-in member's own data, answered as a zip download. */
export const exportDataBody = z.object({ user_id: idField('user id') });
export type ExportDataBody = z.infer<typeof exportDataBody>;

/** The archive's file name: inkwell-<user name or id>-<YYYY-MM-DD, UTC>.zip. */
export function exportFileName(who: string, madeAt: Date): string {
  const name =
    who
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'member';
  return `inkwell-${name}-${madeAt.toISOString().slice(0, 10)}.zip`;
}
