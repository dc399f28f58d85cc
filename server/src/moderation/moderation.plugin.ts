import type { PublicServerBlock } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actingFor } from '../access/policy.ts';
import type { AppCore, AppModule, FeatureDeps, ModerationActs, ModuleJob } from '../deps.ts';
import { route } from '../plugins/endpoint.ts';
import { type ReportsService, createReportsService } from './reports.service.ts';
import { createSuspensions } from './suspensions.service.ts';
import { openHeldCase } from './holds.ts';
import { type Rules, createRules } from './rules.service.ts';
import { createHides } from './hides.service.ts';
import { createLimits } from './limits.service.ts';
import { createCommentStops } from './comment-stops.service.ts';
import { type Appeals, createAppeals } from './appeals.service.ts';
import { type Console, createConsole } from './console.service.ts';
import { createDecisions } from './decisions.service.ts';
import { type AuditView, createAuditView } from './console-audit.ts';
import { type ConsoleAppeals, createConsoleAppeals } from './console-appeals.ts';
import { createModerationYears } from './moderation-years.ts';
import { accountForConsole } from './console-accounts.ts';

/** The servers blocked, as /moderation lists them (the federation's, handed over by app.ts). */
type BlockedServers = () => Promise<PublicServerBlock[]>;

/** The moderation calls (issue 47): a reader's report, what it is about, and their own reports; the server's rules and the moderators' yearly counts; an appeal by its link; the console's queue, case and decisions, its appeals and audit log. */
const moderationPlugin: FastifyPluginAsync<FeatureDeps & { reports: ReportsService; rules: Rules; appeals: Appeals; blockedServers: BlockedServers }> = async (
  app,
  { reports, rules, appeals, db, blockedServers },
) => {
  route(app, 'serverRules', async () => ({ rules: await rules.list() }));
  const counts = createModerationYears(db, blockedServers);
  route(app, 'moderationYears', async () => counts.years());
  route(app, 'appealStatement', async (request) => appeals.statement(request.body.token));
  route(app, 'appeal', async (request) => appeals.appeal(request.body.token, request.body.text));
  route(app, 'report', async (request) => {
    const { kind, target_id, category, note } = request.body;
    return reports.report(actingFor(request.auth!, request.body.user_id), { kind, targetId: target_id, category, note });
  });
  route(app, 'reportTarget', async (request) => {
    return reports.target(actingFor(request.auth!, request.body.user_id), request.body.kind, request.body.target_id);
  });
  route(app, 'myReports', async (request) => reports.mine(actingFor(request.auth!, request.body.user_id), request.query.cursor));
};

/** The console's calls under /api/mod (ADR 0105): the endpoint's gate let a member of staff in and named them (request.staff). */
const consolePlugin: FastifyPluginAsync<{ db: FeatureDeps['db']; desk: Console; log: AuditView; appealDesk: ConsoleAppeals }> = async (app, { db, desk, log, appealDesk }) => {
  route(app, 'modCases', async (request) => desk.queue(request.body, request.query.cursor));
  route(app, 'modCase', async (request) => desk.case(request.staff!, request.body.id));
  route(app, 'modAccount', async (request) => accountForConsole(db, request.body.id));
  route(app, 'modResolve', async (request) => desk.resolve(request.staff!, request.body));
  route(app, 'modAppeals', async (request) => appealDesk.page(request.staff!, request.body.status, request.query.cursor));
  route(app, 'modAppealAnswer', async (request) => appealDesk.answer(request.staff!, request.body));
  route(app, 'modAudit', async (request) => log.page(request.body, request.query.cursor));
  route(app, 'modAuditCsv', async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="inkwell-audit-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(await log.csv(request.query)),
  );
};

/** How often the clock looks for actions whose end has come: a suspension ends within a minute of its end. */
const LIFT_EVERY_MS = 60_000;

/**
 * Moderation as a module of the app: its calls, `acts` for the federation's inbox (a server's report,
 * ADR 0095), the case a held writing opens (ADR 0099), and the clock that lifts actions whose end has come (ADR 0096; one process at a time),
 * after which the cached pages go: the account is back in them.
 */
export function moderationModule(core: AppCore, blockedServers: BlockedServers): AppModule & { acts: ModerationActs } {
  const reports = createReportsService(core.db);
  core.events.on('comment.held', openHeldCase);
  const suspensions = createSuspensions(core.db, core.config.publicUrl);
  const hides = createHides(core.db, core.events, core.config.publicUrl);
  const commentStops = createCommentStops(core.db, core.config.publicUrl);
  const limits = createLimits(core.db, core.config.publicUrl);
  const rules = createRules(core.db);
  const appeals = createAppeals(core.db, core.config.publicUrl, core.events);
  const lift: ModuleJob = {
    name: 'moderation-lift',
    everyMs: LIFT_EVERY_MS,
    lease: true,
    atStart: true,
    run: async () => {
      const [suspended, hidden, stopped, limited] = [await suspensions.liftDue(), await hides.liftDue(), await commentStops.liftDue(), await limits.liftDue()];
      if (suspended + hidden + stopped + limited === 0) return {};
      await core.afterWrite();
      const counted = (n: number, one: string, many: string) => (n === 0 ? '' : `${n} ${n === 1 ? one : many}`);
      const said = [
        counted(suspended, 'suspension', 'suspensions'),
        counted(hidden, 'hide', 'hides'),
        counted(stopped, 'stop of comments', 'stops of comments'),
        counted(limited, 'limit', 'limits'),
      ]
        .filter(Boolean)
        .join(', ');
      return { said: `${said} ended` };
    },
  };
  return {
    name: 'moderation',
    api: (api) => api.register(moderationPlugin, { ...core, reports, rules, appeals, blockedServers }),
    routes: (app) =>
      app.register(consolePlugin, {
        db: core.db,
        desk: createConsole(
          core.db,
          createDecisions(core.db, core.config.publicUrl, core.events),
          rules,
          core.database.dialect === 'postgres' ? core.config.moderationWaveParallel : 1,
        ),
        log: createAuditView(core.db),
        appealDesk: createConsoleAppeals(core.db, appeals, core.config.appealOtherModerator),
        prefix: '/api/mod',
      }),
    acts: { reportFromServer: reports.reportFromServer },
    jobs: [lift],
  };
}
