import { afterAll, describe, expect, it } from 'vitest';
import { clock } from '../platform/clock';
import { createRepositories } from '../repositories';
import { planDemo } from '../seed/demo-plan';
import { demoPlanBreaches } from '../seed/demo-rules';
import { seedDemoIfEmpty } from '../seed/demo';
import { testConfig } from './app';
import { openTestDatabase } from './databases';
import { loadedDemoBreaches } from './demo-checks';
import { sampleMoments, TIME_ZONE, yearMoments } from './demo-year';

const stamp = (ms: number) =>
  new Date(ms).toLocaleString('es-ES', { timeZone: TIME_ZONE, dateStyle: 'full', timeStyle: 'short' });

/**
 * One of the `parts` shares of the whole-year test (docs/decisions/0091-demo-every-day.md): the plan of the demo at every
 * `parts`-th of the year's 1 098 moments keeps its rules, and every `parts`-th of the sample really loads into an
 * empty database (PGlite unless TEST_DATABASE_URL) and keeps them there. Test files run in parallel, so the year
 * is shared by two files.
 */
export function demoYearPart(part: number, parts: number) {
  afterAll(() => clock.freeze(null));

  // The plans are pure (no database): the PostgreSQL pass of `npm test` (TEST_DATABASE_URL) would check the same
  // 1 098 plans again, a minute and a half of its lane, and only loads the sample.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    `plans a sound demo at a morning, an afternoon and an evening of every day (part ${part + 1} of ${parts})`,
    () => {
      const moments = yearMoments();
      expect(moments).toHaveLength(1098);
      const failures: string[] = [];
      moments.forEach((moment, index) => {
        if (index % parts !== part) return;
        const breaches = demoPlanBreaches(planDemo(moment, TIME_ZONE));
        if (breaches.length) failures.push(`${stamp(moment)}: ${breaches.slice(0, 3).join('; ')}`);
      });
      expect(failures).toEqual([]);
    },
    240_000,
  );

  describe('loads whole on the chosen days', () => {
    const sample = sampleMoments().filter((_, index) => index % parts === part);
    it.each(sample)(
      '$label',
      async ({ at }) => {
        clock.freeze(new Date(at));
        const database = await openTestDatabase();
        try {
          const repos = createRepositories(database.db);
          expect(await seedDemoIfEmpty({ db: database.db, repos, config: testConfig() })).toBe(true);
          expect(await loadedDemoBreaches(database.db, repos, at, TIME_ZONE)).toEqual([]);
        } finally {
          await database.close();
        }
      },
      60_000,
    );
  });
}
