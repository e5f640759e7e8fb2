import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Tx } from '../db/transaction';
import { backupRuns } from '../db/schema';

export type BackupRun = typeof backupRuns.$inferSelect;
export type NewBackupRun = Omit<BackupRun, 'id'>;

/** The runs of `npm run backup`, kept in the database it copies (read by «Puesta en marcha»). */
export function createBackupRunsRepository(db: Db) {
  return {
    async lastBackup(tx: Db = db): Promise<BackupRun | undefined> {
      const [row] = await tx.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(1);
      return row;
    },
    async recordBackup(run: NewBackupRun, tx: Tx): Promise<void> {
      await tx.insert(backupRuns).values(run);
    },
  };
}
