import { and, count, desc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { FileType } from '../../../common/schemas/files';
import { visibleFiles } from '../../access';
import type { Visibility } from '../../access';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { patientFiles, patients, profiles } from '../../platform';

export interface FileInsert {
  id: string;
  patientId: string | null;
  type: FileType;
  name: string;
  description: string;
  mime: string;
  size: number;
  visibleToPatient: boolean;
  uploadedBy: string | null;
  createdAt: Date;
}

export interface FileSearch {
  type?: FileType;
  patientId?: string;
  /** Instants: files uploaded at or after `from` and before `to`. */
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
}

const columns = {
  id: patientFiles.id,
  patientId: patientFiles.patientId,
  type: patientFiles.type,
  name: patientFiles.name,
  description: patientFiles.description,
  mime: patientFiles.mime,
  size: patientFiles.size,
  visibleToPatient: patientFiles.visibleToPatient,
  createdAt: patientFiles.createdAt,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
  uploaderName: profiles.displayName,
};

export type FileView = NonNullable<
  Awaited<ReturnType<ReturnType<ReturnType<typeof createFilesRepository>['visibleTo']>['findById']>>
>;

export function createFilesRepository(db: Db) {
  const select = (tx: Db) =>
    tx
      .select(columns)
      .from(patientFiles)
      .leftJoin(patients, eq(patients.id, patientFiles.patientId))
      .leftJoin(profiles, eq(profiles.id, patientFiles.uploadedBy));

  return {
    async create(input: FileInsert, tx: Tx) {
      await tx.insert(patientFiles).values(input);
    },

    /** The reads a route makes: only the files `visibility` lets the requesting user see (`access/ownership.ts`). */
    visibleTo(visibility: Visibility) {
      const visible = visibleFiles(visibility);
      return {
        async search(search: FileSearch, tx: Db = db) {
          const where = and(
            visible,
            search.type ? eq(patientFiles.type, search.type) : undefined,
            search.patientId ? eq(patientFiles.patientId, search.patientId) : undefined,
            search.from ? gte(patientFiles.createdAt, search.from) : undefined,
            search.to ? lt(patientFiles.createdAt, search.to) : undefined,
          );
          // One after the other: `tx` may be a transaction, whose single connection takes one query at a time.
          const items = await select(tx)
            .where(where)
            .orderBy(desc(patientFiles.createdAt), desc(patientFiles.id))
            .limit(search.pageSize)
            .offset((search.page - 1) * search.pageSize);
          const [counted] = await tx.select({ total: count() }).from(patientFiles).where(where);
          return { items, total: counted?.total ?? 0 };
        },

        /** The file, or undefined when it does not exist, is deleted, or is not this request's to see. */
        async findById(id: string, tx: Db = db) {
          const [row] = await select(tx).where(and(eq(patientFiles.id, id), visible));
          return row;
        },
      };
    },

    /** The live files of these patients by name and size (an import of documents does not file one twice). */
    async liveOfPatients(patientIds: string[], tx: Db = db) {
      if (patientIds.length === 0) return [];
      return tx
        .select({
          id: patientFiles.id,
          patientId: patientFiles.patientId,
          name: patientFiles.name,
          size: patientFiles.size,
        })
        .from(patientFiles)
        .where(and(inArray(patientFiles.patientId, patientIds), isNull(patientFiles.deletedAt)));
    },

    /** Which of these files are not deleted. */
    async liveIds(ids: string[], tx: Db = db): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await tx
        .select({ id: patientFiles.id })
        .from(patientFiles)
        .where(and(inArray(patientFiles.id, ids), isNull(patientFiles.deletedAt)));
      return new Set(rows.map((row) => row.id));
    },

    async markDeleted(id: string, by: string, at: Date, tx: Tx) {
      await tx.update(patientFiles).set({ deletedAt: at, deletedBy: by }).where(eq(patientFiles.id, id));
    },
  };
}
