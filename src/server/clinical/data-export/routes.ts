import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import { requireUser } from '../../access';
import { auditContext } from '../../platform';
import { requireOwnRecord } from '../../identity';
import { EXPORT_SECTION_KEYS, exportPatientData } from './use-cases';

/** Right of access (GDPR art. 15): a paciente downloads everything the clinic holds about her. */
export const dataExportRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    api.myDataExport,
    { config: { access: 'export:data', rateLimit: deps.config.limits.dataExport } },
    async (request, reply) => {
      const user = requireUser(request);
      // 409 RECORD_NOT_CONFIRMED until the record is linked and the e-mail proved (record-link rules).
      const own = await requireOwnRecord(deps, user);
      const { archive, day } = await exportPatientData(deps, own, request.scope, {
        ...auditContext(request),
        action: 'export',
        entity: 'patient',
        entityId: own.id,
        patientId: own.id,
        details: { kind: 'data_export', sections: EXPORT_SECTION_KEYS },
      });
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="mis-datos-${day}.zip"`)
        .send(archive);
    },
  );
};
