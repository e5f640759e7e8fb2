import { readClinicSettings } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import { dateInZone } from '../../platform';
import { clock } from '../../platform';
import { requireUser } from '../../access';
import { auditedRead, auditContext } from '../../platform';
import { requireOwnRecord } from '../../identity';
import { exportArchive, type LoadedExport } from './archive';
import { databaseFileStore } from '../files/store';
import { EXPORT_SECTIONS } from './clinical-sections';
import type { ExportContext } from './sections';

/** Right of access (GDPR art. 15): a paciente downloads everything the clinic holds about her. */
export const dataExportRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    api.myDataExport,
    { config: { access: 'export:data', rateLimit: deps.config.limits.dataExport } },
    async (request, reply) => {
      const user = requireUser(request);
      // 409 RECORD_NOT_CONFIRMED until the record is linked and the e-mail proved (record-link rules).
      const own = await requireOwnRecord(deps, user);
      const settings = await readClinicSettings(deps);
      const generatedAt = clock.now();
      const context: ExportContext = {
        repos: deps.repos,
        timeZone: settings.timeZone,
        today: dateInZone(generatedAt, settings.timeZone),
        scope: request.scope,
        files: databaseFileStore(deps.db),
      };
      // Every section is read before the export's audit entry is written, and sent only after it: what was handed over is on record.
      const sections = await auditedRead(
        deps.db,
        async (db) => {
          const loaded: LoadedExport['sections'] = [];
          for (const section of EXPORT_SECTIONS)
            loaded.push({ section, data: await section.load(db, own.id, context) });
          return loaded;
        },
        {
          ...auditContext(request),
          action: 'export',
          entity: 'patient',
          entityId: own.id,
          patientId: own.id,
          details: { kind: 'data_export', sections: EXPORT_SECTIONS.map((section) => section.key) },
        },
      );
      const archive = exportArchive(
        { generatedAt, patientName: `${own.firstName} ${own.lastName}`.trim(), clinicName: settings.name, sections },
        context,
      );
      return reply
        .header('Content-Type', 'application/zip')
        .header(
          'Content-Disposition',
          `attachment; filename="mis-datos-${dateInZone(generatedAt, settings.timeZone)}.zip"`,
        )
        .send(archive);
    },
  );
};
