import type { FastifyPluginAsync } from 'fastify';
import type { FeatureDeps } from '../deps.ts';
import { route } from '../plugins/endpoint.ts';
import { createExportService } from './export.service.ts';

export type ExportRoutesOptions = Pick<FeatureDeps, 'db' | 'storage' | 'config'>;

/**
 * POST /api/user/export-data {user_id}: "Download your data", the signed-in member's own data as a
 * zip (README.txt, profile.json, posts/*.md, images/, and JSON of the rest), streamed as it is made.
 * A read: it does not drop the feed cache. Rate-limited per address: each archive reads everything.
 */
export const exportRoutes: FastifyPluginAsync<ExportRoutesOptions> = async (app, { db, storage, config }) => {
  const exports = createExportService({ db, storage, publicUrl: config.publicUrl });

  route(app, 'exportData', async (request, reply) => {
    const archive = await exports.open(request.auth!, request.body.user_id);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${archive.filename}"`)
      .header('cache-control', 'no-store')
      .send(archive.stream);
  });
};
