import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import { auditContext, dateInZone } from '../../platform';
import { exportWholeClinic } from './export-clinic';

/** «Exportar toda la clínica» (issue 37, item 4): the clinic's data is its own, in open formats. */
export const clinicExportRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    api.clinicExport,
    { config: { access: 'export:clinic', rateLimit: deps.config.limits.dataExport } },
    async (request, reply) => {
      const { stream, day, timeZone } = await exportWholeClinic(deps, auditContext(request));
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="clinica-${dateInZone(day, timeZone)}.zip"`)
        .send(stream);
    },
  );
};
