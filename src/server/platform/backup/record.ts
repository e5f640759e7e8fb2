import fs from 'node:fs';
import { clock } from '../clock';
import type { Db } from '../db/client';
import { transact } from '../db/transaction';
import { createBackupRunsRepository, type NewBackupRun } from './runs-repository';
import { verifyBackup } from './format';

/**
 * Reads the copy just written back whole (`verifyBackup`) and records the run in the database it copied, so that
 * «Puesta en marcha» can say «última copia: hace 3 h, comprobada». A database older than the record's table
 * (a copy taken before migrating) keeps no record: the copy itself is what matters, so that only warns.
 */
export async function checkAndRecordBackup(db: Db, file: string): Promise<{ run: NewBackupRun; recorded: boolean }> {
  let checkError: string | null = null;
  try {
    await verifyBackup(file);
  } catch (error) {
    checkError = (error as Error).message;
  }
  const run: NewBackupRun = {
    finishedAt: clock.now(),
    file,
    sizeBytes: fs.statSync(file).size,
    verified: checkError === null,
    checkError,
  };
  try {
    await transact(db, (tx) => createBackupRunsRepository(db).recordBackup(run, tx));
    return { run, recorded: true };
  } catch {
    return { run, recorded: false };
  }
}
