import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { api } from '../../../common/paths';
import { chartPageSchema, chartQuerySchema } from '../../../common/schemas/chart';
import { PATIENT_NOT_FOUND } from '../../access/scope';
import { validationError } from '../../errors';
import { auditedRead, auditContext } from '../audit/audited';
import { startOfDay } from '../availability/slots';
import type { ChartCursor } from './repository';

const idParams = z.object({ id: z.uuid({ error: PATIENT_NOT_FOUND }) });

/** The cursor of a page: the last item's (at, id), opaque to the client. */
const encodeCursor = ({ at, id }: ChartCursor) => Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');

function decodeCursor(cursor: string): ChartCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const instant = typeof at === 'string' ? new Date(at) : null;
    if (instant && !Number.isNaN(instant.getTime()) && typeof id === 'string' && id.length <= 64) return { at: instant, id };
  } catch {
    // Answered below.
  }
  throw validationError({ cursor: 'Página no válida' });
}

const chartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const { db } = app.database;

  app.get(
    api.patientChart(':id'),
    { config: { access: 'chart:read' }, schema: { params: idParams, querystring: chartQuerySchema, response: { 200: chartPageSchema } } },
    async (request) => {
      const { kinds, from, to, cursor, limit } = request.query;
      const { timeZone } = await repos.clinic.getSettings();
      const search = {
        kinds,
        from: from ? startOfDay(from, timeZone) : undefined,
        to: to ? startOfDay(Temporal.PlainDate.from(to).add({ days: 1 }).toString(), timeZone) : undefined,
        after: cursor ? decodeCursor(cursor) : undefined,
        limit,
      };
      const page = await auditedRead(
        db,
        async (db) => {
          // The access check and the page are independent statements, run at once on PostgreSQL's pool.
          // A patient the user may not see answers 404: the page read beside the check is never sent
          // nor recorded.
          const [patient, page] = await Promise.all([
            request.scope.patient(request.params.id, db),
            repos.chart.page({ ...search, patientId: request.params.id }, request.scope.visibility, db),
          ]);
          return { patient, ...page };
        },
        ({ patient, items }) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'chart',
          entityId: patient.id,
          patientId: patient.id,
          details: { results: items.length },
        }),
      );
      const last = page.items.at(-1);
      return {
        items: page.items.map((item) => ({ ...item, at: item.at.toISOString() })),
        next: page.hasMore && last ? encodeCursor(last) : null,
        timeZone,
      };
    },
  );
};

export default chartRoutes;
