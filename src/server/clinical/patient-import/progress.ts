import type { ImportAction } from '../../../common/schemas/patient-import';
import { clock } from '../../platform';
import type { Tx } from '../../platform';
import type { PatientImportRepository } from './repository';

/** Adds a written chunk (of appointments or documents: rows created, omitted or refused) to the import's progress. */
export async function advancePast(
  repo: PatientImportRepository,
  importId: string,
  chunk: { line: number; action: ImportAction }[],
  tx: Tx,
): Promise<void> {
  const count = (action: ImportAction) => chunk.filter((planned) => planned.action === action).length;
  await repo.advance(
    importId,
    chunk[chunk.length - 1]!.line,
    { created: count('create'), updated: count('update'), skipped: count('skip'), errors: count('error') },
    clock.now(),
    tx,
  );
}
