/**
 * The two ceilings each read is compared with, served by a second, bare Fastify app in the same process
 * (the same event loop, machine and load generator as the app):
 *  - `GET /bare`: a route that answers a constant JSON object — the most any route can do here;
 *  - `GET /sql/<scenario>`: a route that runs the scenario's main SQL through the app's own driver and
 *    pool and answers the rows as JSON — the least any implementation of that read must pay.
 */
import Fastify from 'fastify';
import type { Args, ReadScenario } from './scenarios';

export async function startCeilings(scenarios: ReadScenario[]) {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  for (const scenario of scenarios) {
    app.get(`/sql/${scenario.key}`, async (request, reply) => {
      const rows = await scenario.sql(request.query as Args);
      if (typeof rows === 'string') return reply.type('application/json; charset=utf-8').send(rows);
      return rows ?? null;
    });
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { address, close: () => app.close() };
}
