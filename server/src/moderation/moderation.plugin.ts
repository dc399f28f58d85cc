import type { FastifyPluginAsync } from 'fastify';
import { actingFor } from '../access/policy.ts';
import type { FeatureDeps } from '../deps.ts';
import { route } from '../plugins/endpoint.ts';
import { createReportsService } from './reports.service.ts';

/** The moderation calls (issue 47): a reader's report, what it is about, and their own reports; the console's calls come next. */
export const moderationPlugin: FastifyPluginAsync<FeatureDeps> = async (app, { db }) => {
  const reports = createReportsService(db);
  route(app, 'report', async (request) => {
    const { kind, target_id, category, note } = request.body;
    return reports.report(actingFor(request.auth!, request.body.user_id), { kind, targetId: target_id, category, note });
  });
  route(app, 'reportTarget', async (request) => {
    return { target: await reports.target(actingFor(request.auth!, request.body.user_id), request.body.kind, request.body.target_id) };
  });
  route(app, 'myReports', async (request) => reports.mine(actingFor(request.auth!, request.body.user_id), request.query.cursor));
};
