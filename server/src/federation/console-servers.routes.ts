import type { FastifyPluginAsync } from 'fastify';
import { route } from '../plugins/endpoint.ts';
import type { ConsoleServers } from './console-servers.ts';

/** The console's servers under /api/mod (ADR 0108): the endpoint's gate let a member of staff who manages federation in (request.staff). */
export const consoleServersRoutes: FastifyPluginAsync<{ servers: ConsoleServers; wrote: () => Promise<void> }> = async (app, { servers, wrote }) => {
  route(app, 'modServers', async () => servers.list());
  route(app, 'modServerSave', async (request) => {
    const saved = await servers.save(request.staff!, request.body);
    // A server suspended or its pictures forgotten, the public list changed: the cached pages go.
    await wrote();
    return saved;
  });
  route(app, 'modServerRemove', async (request) => {
    const lifted = await servers.remove(request.staff!, request.body.domain);
    // The public list on /moderation, kept as a page for visitors, goes.
    await wrote();
    return lifted;
  });
  route(app, 'modServersImport', async (request) => {
    const done = await servers.import(request.staff!, request.body.csv);
    if (done.added.length > 0) await wrote();
    return done;
  });
  route(app, 'modServersCsv', async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="inkwell-domain-blocks-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(await servers.csv()),
  );
};
