import { auditedRead, clock, formatWhen, type AuditContext } from '../../platform';
import type { CoreDeps } from '../deps';
import { databaseFileStore } from '../files/store';
import { startClinicExport } from './service';

/**
 * The admin's «Exportar toda la clínica»: counts every table, writes the audit entry (who, from where, how many rows
 * of each), and only then opens the ZIP's stream — what is handed over is on record before a byte leaves.
 */
export async function exportWholeClinic(deps: Pick<CoreDeps, 'db' | 'repos' | 'log'>, audit: AuditContext) {
  const settings = await deps.repos.clinic.getSettings();
  const instant = clock.now();
  const started = await auditedRead(
    deps.db,
    () =>
      startClinicExport(
        { repository: deps.repos.clinicExport, files: databaseFileStore(deps.db), log: deps.log },
        {
          clinicName: settings.name,
          timeZone: settings.timeZone,
          generatedAt: { instant, text: formatWhen(instant, settings.timeZone) },
        },
      ),
    (result) => ({
      ...audit,
      action: 'export',
      entity: 'clinic',
      details: { kind: 'clinic_export', rows: result.counts },
    }),
  );
  return { stream: started.open(), day: instant, timeZone: settings.timeZone };
}
