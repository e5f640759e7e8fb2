import { sql } from 'drizzle-orm';
import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number() }),
});

export const healthRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    api.health,
    { config: { access: 'public', rateLimit: false }, schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const started = performance.now();
      let ok = true;
      try {
        await deps.db.execute(sql`select 1`);
      } catch {
        ok = false;
      }
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'error', database: { kind: deps.database.kind, ok, latencyMs } });
    },
  );
};
