import { clock } from '../../platform';
import type { Tx } from '../../platform';
import { writeAuditEntries, type AuditEntry } from '../../platform';
import type { Repositories } from '../deps';
import { databaseFileStore } from '../files/store';
import type { PlannedDocument } from './document-plan';
import type { ImportActor } from './patient-writer';
import { advancePast } from './progress';
import type { ImportRowRecord } from './repository';

/**
 * Writes one chunk of a ZIP of documents in `tx`: each document filed in its patient's chart (hidden from her, as
 * the desk's uploads are by default) with its contents and its audit entry, what was done with every row, and the
 * progress.
 */
export async function writeDocumentChunk(
  repos: Pick<Repositories, 'files' | 'patientImports'>,
  importId: string,
  importName: string,
  chunk: PlannedDocument[],
  contents: Map<string, Uint8Array>,
  actor: ImportActor,
  tx: Tx,
): Promise<void> {
  const writtenAt = clock.now();
  const creates = chunk.filter((planned) => planned.action === 'create');
  const store = databaseFileStore(tx);
  for (const planned of creates) {
    await repos.files.create(
      {
        id: planned.fileId!,
        patientId: planned.patientId!,
        type: planned.type,
        name: planned.name,
        description: `Importado de «${importName}» (${planned.path})`.slice(0, 500),
        mime: planned.mime,
        size: planned.size,
        visibleToPatient: false,
        uploadedBy: actor.id,
        createdAt: writtenAt,
      },
      tx,
    );
    await store.save(planned.fileId!, Buffer.from(contents.get(planned.path)!), tx);
  }
  const records: ImportRowRecord[] = chunk.map((planned) => ({
    importId,
    line: planned.line,
    action: planned.action,
    patientId: planned.patientId,
    fileId: planned.action === 'create' ? planned.fileId : null,
    code: planned.code,
    reason: planned.reason,
    writtenAt: planned.action === 'create' ? writtenAt : null,
  }));
  const audit: AuditEntry[] = creates.map((planned) => ({
    actor,
    action: 'import',
    entity: 'file',
    entityId: planned.fileId!,
    patientId: planned.patientId!,
    details: { importId, line: planned.line, name: planned.name },
  }));
  await repos.patientImports.insertRows(records, tx);
  await writeAuditEntries(tx, audit);
  await advancePast(repos.patientImports, importId, chunk, tx);
}
