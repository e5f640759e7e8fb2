import { auditedRead, clock, dateInZone, readClinicSettings, type AuditEntry } from '../../platform';
import type { CoreDeps } from '../deps';
import { databaseFileStore } from '../files/store';
import { exportArchive, type LoadedExport } from './archive';
import { EXPORT_SECTIONS } from './clinical-sections';
import type { ExportContext } from './sections';

/** The keys of the sections an export holds, in their order: the export's audit entry names them. */
export const EXPORT_SECTION_KEYS = EXPORT_SECTIONS.map((section) => section.key);

/**
 * A patient's data as a ZIP (GDPR art. 15), with the clinic's day it was made. Every section is read before
 * the export's audit entry is written, and sent only after it: what was handed over is on record.
 */
export async function exportPatientData(
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  patient: { id: string; firstName: string; lastName: string },
  scope: ExportContext['scope'],
  entry: AuditEntry,
) {
  const settings = await readClinicSettings(deps);
  const generatedAt = clock.now();
  const context: ExportContext = {
    repos: deps.repos,
    timeZone: settings.timeZone,
    today: dateInZone(generatedAt, settings.timeZone),
    scope,
    files: databaseFileStore(deps.db),
  };
  const sections = await auditedRead(
    deps.db,
    async (db) => {
      const loaded: LoadedExport['sections'] = [];
      for (const section of EXPORT_SECTIONS)
        loaded.push({ section, data: await section.load(db, patient.id, context) });
      return loaded;
    },
    entry,
  );
  const archive = exportArchive(
    {
      generatedAt,
      patientName: `${patient.firstName} ${patient.lastName}`.trim(),
      clinicName: settings.name,
      sections,
    },
    context,
  );
  return { archive, day: dateInZone(generatedAt, settings.timeZone) };
}
