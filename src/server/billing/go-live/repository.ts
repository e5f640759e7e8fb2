import { desc } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { Tx } from '../../platform/db/transaction';
import { backupRuns, goLiveTests } from '../../platform/db/schema';

export type BackupRun = typeof backupRuns.$inferSelect;
export type NewBackupRun = Omit<BackupRun, 'id'>;
export type TestChannel = (typeof goLiveTests.$inferSelect)['channel'];
export interface ChannelTest {
  target: string;
  testedAt: Date;
}

/** What «Puesta en marcha» records itself: the backups' runs and the last successful test of each channel. */
export function createGoLiveRepository(db: Db) {
  return {
    async lastBackup(tx: Db = db): Promise<BackupRun | undefined> {
      const [row] = await tx.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(1);
      return row;
    },
    async recordBackup(run: NewBackupRun, tx: Tx): Promise<void> {
      await tx.insert(backupRuns).values(run);
    },
    async lastTests(tx: Db = db): Promise<Partial<Record<TestChannel, ChannelTest>>> {
      const rows = await tx.select().from(goLiveTests);
      return Object.fromEntries(rows.map(({ channel, target, testedAt }) => [channel, { target, testedAt }]));
    },
    async recordTest(channel: TestChannel, test: ChannelTest, tx: Tx): Promise<void> {
      await tx
        .insert(goLiveTests)
        .values({ channel, ...test })
        .onConflictDoUpdate({ target: goLiveTests.channel, set: test });
    },
  };
}
