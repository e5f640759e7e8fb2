import { z } from 'zod';
import { quoteApi } from '../../../common/api-paths';
import {
  linkableAppointmentSchema,
  quoteSchema,
  quoteServiceSchema,
  quoteUpdateSchema,
} from '../../../common/schemas/quotes';
import { auditContext, auditedRead, clock, notFound, toInstant } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { activeQuoteServices, clinicSettingsOf, findQuote, linkableAppointmentsOf, visibleQuotes } from './reads';
import { createQuoteDrafts } from './drafts';
import { presentQuote } from './present';
import { QUOTE_NOT_FOUND } from './service';

const idParams = z.object({ id: z.uuid({ error: QUOTE_NOT_FOUND }) });

/**
 * Making and planning quotes (decision 0123): the services a quote may name (the desk's catalogue is hers alone), a
 * draft changed before it is sent (the desk, or a doctor of the patient's), and her appointments the desk may link
 * to an accepted quote's sessions.
 */
export const quotesPlanningRoutes: RoutePlugin = async (app, deps) => {
  const drafts = createQuoteDrafts(deps);
  const today = async () => clock.today((await clinicSettingsOf(deps)).timeZone).toString();

  app.get(
    quoteApi.services,
    { config: { access: 'write:quotes' }, schema: { response: { 200: z.array(quoteServiceSchema) } } },
    () => activeQuoteServices(deps),
  );

  app.put(
    quoteApi.quote(':id'),
    {
      config: { access: 'write:quotes' },
      schema: { params: idParams, body: quoteUpdateSchema, response: { 200: quoteSchema } },
    },
    async (request) => {
      // A doctor changes the drafts of her patients only; another's is not there for her.
      const found = await visibleQuotes(deps, request.scope.visibility).findById(request.params.id);
      if (!found) throw notFound(QUOTE_NOT_FOUND);
      await drafts.update(request.params.id, request.body, auditContext(request));
      return presentQuote((await findQuote(deps, request.params.id))!, await today());
    },
  );

  app.get(
    quoteApi.appointments(':id'),
    {
      config: { access: 'manage:quotes' },
      schema: { params: idParams, response: { 200: z.array(linkableAppointmentSchema) } },
    },
    async (request) => {
      const found = await findQuote(deps, request.params.id);
      if (!found) throw notFound(QUOTE_NOT_FOUND);
      const rows = await auditedRead(
        deps.db,
        (db) => linkableAppointmentsOf(deps, found.patientId, db),
        (listed) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'appointment',
          patientId: found.patientId,
          details: { quote: found.number, results: listed.length },
        }),
      );
      return rows.map((row) => ({ ...row, startsAt: toInstant(row.startsAt).toISOString() }));
    },
  );
};
