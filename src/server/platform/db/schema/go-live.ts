import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every run of `npm run backup` (issue 37, item 5): where the copy went, how big it is and whether reading it
 * back found it whole. The app cannot see the operator's timer, so «Puesta en marcha» reads the last run here.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    file: text('file').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** The copy was read back whole (its manifest and every line); false with `checkError` saying why not. */
    verified: boolean('verified').notNull(),
    checkError: text('check_error'),
  },
  (table) => [index('backup_runs_finished_at_idx').on(table.finishedAt)],
);

/** The last successful test message of each channel («Enviar un correo de prueba», the SMS test). */
export const goLiveTests = pgTable('go_live_tests', {
  channel: text('channel', { enum: ['email', 'sms'] }).primaryKey(),
  target: text('target').notNull(),
  testedAt: timestamp('tested_at', { withTimezone: true }).notNull(),
});
