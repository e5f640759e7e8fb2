import type { FastifyRequest } from 'fastify';
import { audited, clock, notFound, type AuditEntry } from '../../platform';
import type { CoreDeps } from '../deps';
import type { FileInsert, FileView } from './repository';
import { databaseFileStore } from './store';

type Deps = Pick<CoreDeps, 'db' | 'repos'>;
/** The request's reach: a file is filed on, and deleted from, only what it lets this user see. */
type Scope = Pick<FastifyRequest['scope'], 'patient' | 'files'>;

export const FILE_NOT_FOUND = 'Archivo no encontrado';

/**
 * Files a document: its row and its contents in one audited transaction, on a patient the scope reaches (404
 * otherwise). The contents are in the database in both modes (figures in docs/performance-history.md): every
 * instance sees them, one backup holds them.
 */
export const storeFile = (
  deps: Deps,
  scope: Scope,
  file: Omit<FileInsert, 'createdAt'>,
  content: Buffer,
  entry: AuditEntry,
) =>
  audited(
    deps.db,
    async (tx) => {
      if (file.patientId) await scope.patient(file.patientId, tx);
      await deps.repos.files.create({ ...file, createdAt: clock.now() }, tx);
      await databaseFileStore(deps.db).save(file.id, content, tx);
    },
    entry,
  );

/** The contents of a file, read piece by piece. */
export const openFileContent = (deps: Pick<CoreDeps, 'db'>, id: string) => databaseFileStore(deps.db).open(id);

/** Marks a file the scope reaches deleted and removes its contents, audited; 404 when it reaches none. */
export const deleteFile = (
  deps: Deps,
  scope: Scope,
  id: string,
  deletedBy: string,
  entry: (found: FileView) => AuditEntry,
) =>
  audited(
    deps.db,
    async (tx) => {
      const found = await scope.files.findById(id, tx);
      if (!found) throw notFound(FILE_NOT_FOUND);
      await deps.repos.files.markDeleted(found.id, deletedBy, clock.now(), tx);
      await databaseFileStore(deps.db).remove(found.id, tx);
      return found;
    },
    entry,
  );
