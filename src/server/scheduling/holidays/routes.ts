import type { RoutePlugin } from '../route-deps';
import { addHoliday, addMissingHolidays, holidaysBetween, loadRegionHolidays, removeHoliday } from './use-cases';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  holidayCreateSchema,
  holidayListQuerySchema,
  holidayListSchema,
  holidaySchema,
  nationalHolidaysInputSchema,
  nationalHolidaysResultSchema,
  spanishNationalHolidays,
} from '../../../common/schemas/holidays';
import { notFound } from '../../platform';
import { regionHolidaysInputSchema, regionHolidaysResultSchema } from '../../../common/schemas/setup';

const idParams = z.object({ id: z.uuid({ error: 'Festivo no encontrado' }) });

/**
 * Public holidays and clinic closures: the desk reads them for the calendar and the settings screen; only
 * the settings change them. Availability and booking read them through the repository (no route).
 */
export const holidaysRoutes: RoutePlugin = async (app, deps) => {
  const manage = { access: 'manage:settings' } as const;

  app.get(
    api.holidays,
    {
      config: { access: 'list:appointments' },
      schema: { querystring: holidayListQuerySchema, response: { 200: holidayListSchema } },
    },
    async (request) => ({ items: await holidaysBetween(deps, request.query.from, request.query.to) }),
  );

  app.post(
    api.holidays,
    { config: manage, schema: { body: holidayCreateSchema, response: { 201: holidaySchema } } },
    async (request, reply) => reply.status(201).send(await addHoliday(deps, request.body)),
  );

  app.post(
    api.nationalHolidays,
    { config: manage, schema: { body: nationalHolidaysInputSchema, response: { 200: nationalHolidaysResultSchema } } },
    async (request) => {
      const days = spanishNationalHolidays(request.body.year).map((holiday) => ({
        ...holiday,
        kind: 'nacional' as const,
      }));
      const added = await addMissingHolidays(deps, days);
      return {
        added: added.length,
        items: await holidaysBetween(deps, `${request.body.year}-01-01`, `${request.body.year}-12-31`),
      };
    },
  );

  app.post(
    api.regionHolidays,
    { config: manage, schema: { body: regionHolidaysInputSchema, response: { 200: regionHolidaysResultSchema } } },
    async (request) => {
      const { region, years } = request.body;
      const added = await loadRegionHolidays(deps, region, years);
      const sorted = [...years].sort();
      return {
        added: added.length,
        items: await holidaysBetween(deps, `${sorted[0]}-01-01`, `${sorted.at(-1)}-12-31`),
      };
    },
  );

  app.delete(api.holiday(':id'), { config: manage, schema: { params: idParams } }, async (request, reply) => {
    if (!(await removeHoliday(deps, request.params.id))) throw notFound('Festivo no encontrado');
    return reply.status(204).send();
  });
};
