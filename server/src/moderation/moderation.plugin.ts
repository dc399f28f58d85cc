import type { FastifyPluginAsync } from 'fastify';
import { actingFor } from '../access/policy.ts';
import type { AppCore, AppModule, FeatureDeps, ModerationActs } from '../deps.ts';
import { route } from '../plugins/endpoint.ts';
import { type ReportsService, createReportsService } from './reports.service.ts';

/** The moderation calls (issue 47): a reader's report, what it is about, and their own reports; the console's calls come next. */
const moderationPlugin: FastifyPluginAsync<FeatureDeps & { reports: ReportsService }> = async (app, { reports }) => {
  route(app, 'report', async (request) => {
    const { kind, target_id, category, note } = request.body;
    return reports.report(actingFor(request.auth!, request.body.user_id), { kind, targetId: target_id, category, note });
  });
  route(app, 'reportTarget', async (request) => {
    return { target: await reports.target(actingFor(request.auth!, request.body.user_id), request.body.kind, request.body.target_id) };
  });
  route(app, 'myReports', async (request) => reports.mine(actingFor(request.auth!, request.body.user_id), request.query.cursor));
};

/** Moderation as a module of the app: its calls, and `acts` for the federation's inbox (a server's report, ADR 0095). */
export function moderationModule(core: AppCore): AppModule & { acts: ModerationActs } {
  const reports = createReportsService(core.db);
  return { name: 'moderation', api: (api) => api.register(moderationPlugin, { ...core, reports }), acts: { reportFromServer: reports.reportFromServer } };
}
