import { IMPORT_UNDO_DAYS, type ImportMapping, type ImportView } from '../../../common/schemas/patient-import';
import { clock, plus } from '../../platform';
import type { PatientImportSummary } from './repository';

/** An import as «Importar pacientes» shows it: «Deshacer» offered only while its week lasts. */
export function present(row: PatientImportSummary): ImportView {
  const undoUntil = row.status === 'done' && row.finishedAt ? plus(row.finishedAt, { days: IMPORT_UNDO_DAYS }) : null;
  return {
    id: row.id,
    target: row.target,
    fileName: row.fileName,
    kind: row.kind,
    encoding: row.encoding,
    separator: row.separator,
    header: row.header,
    sample: row.sample,
    totalRows: row.totalRows,
    mapping: row.mapping as ImportMapping,
    status: row.status,
    processedRows: row.createdCount + row.updatedCount + row.skippedCount + row.errorCount,
    counts: { create: row.createdCount, update: row.updatedCount, skip: row.skippedCount, error: row.errorCount },
    keptOnUndo: row.keptOnUndo,
    createdBy: row.createdByName ?? '',
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoUntil: undoUntil && undoUntil.getTime() > clock.nowMs() ? undoUntil.toISOString() : null,
    failure: row.failure,
  };
}
