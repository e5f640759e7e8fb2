import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { goLiveTests } from '../../platform';

export type TestChannel = (typeof goLiveTests.$inferSelect)['channel'];
export interface ChannelTest {
  target: string;
  testedAt: Date;
}

/** What «Puesta en marcha» records itself: the last successful test of each channel. */
export function createGoLiveRepository(db: Db) {
  return {
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
