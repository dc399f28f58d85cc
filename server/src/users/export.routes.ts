import { exportDataBody } from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimit } from '../config.ts';
import type { FeatureDeps } from '../deps.ts';
import { perAddress } from '../rate-limit/rate-limit.ts';
import { createExportService } from './export.service.ts';

export type ExportRoutesOptions = Pick<FeatureDeps, 'db' | 'storage' | 'guards' | 'config'> & {
  /** Overrides config.rateLimits.exportData. */
  rateLimit?: RateLimit;
};

/**
 * POST /api/user/export-data {user_id}: "Download your data", the signed-in member's own data as a
 * zip (README.txt, profile.json, posts/*.md, images/, and JSON of the rest), streamed as it is made.
 * A read: it does not drop the feed cache. Rate-limited per address: each archive reads everything.
 */
export const exportRoutes: FastifyPluginAsyncZod<ExportRoutesOptions> = async (app, { db, storage, guards, config, rateLimit }) => {
  const exports = createExportService({ db, storage, publicUrl: config.publicUrl });
  const limit = rateLimit ?? config.rateLimits.exportData;

  app.post(
    '/export-data',
    {
      preValidation: guards.requireSession,
      config: { readOnly: true, ...perAddress(limit, 'exportData') },
      schema: { body: exportDataBody },
    },
    async (request, reply) => {
      const archive = await exports.open(request.auth!, request.body.user_id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${archive.filename}"`)
        .header('cache-control', 'no-store')
        .send(archive.stream);
    },
  );
};
