import { api } from '../../../common/api-paths';
import {
  aboutSchema,
  switchToProductionSchema,
  verifactuIncidentsSchema,
  verifactuModeSchema,
} from '../../../common/schemas/verifactu';
import { auditContext } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { createVerifactuModeService } from './verifactu-mode';

/**
 * The billing mode (issue 35, items 1 and 2): the desk sees the mode, the certificate and whether records can be
 * sent; an admin switches to producción; «Incidencias» lists the outages; anyone reads «Acerca de» and its
 * declaración responsable.
 */
export const invoicesVerifactuModeRoutes: RoutePlugin = async (app, deps) => {
  const mode = createVerifactuModeService(deps);
  const admin = { access: 'manage:invoices' } as const;

  app.get(api.verifactuMode, { config: admin, schema: { response: { 200: verifactuModeSchema } } }, () => mode.view());

  app.post(
    api.verifactuMode,
    { config: admin, schema: { body: switchToProductionSchema, response: { 200: verifactuModeSchema } } },
    (request) => mode.switchToProduction(request.body, auditContext(request)),
  );

  app.get(
    api.verifactuIncidents,
    { config: admin, schema: { response: { 200: verifactuIncidentsSchema } } },
    async () => ({
      incidents: await mode.incidents(),
    }),
  );

  app.get(api.public.about, { config: { access: 'public' }, schema: { response: { 200: aboutSchema } } }, () =>
    mode.about(),
  );
};
