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
  // 1 098 plans again, a minute and a half of its lane, and only loads the sample. One test a month: a whole year in
  // one test took over its 240 s on two busy cores (load 25), a month takes a twelfth of it.
  describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    `plans a sound demo at a morning, an afternoon and an evening of every day (part ${part + 1} of ${parts})`,
    () => {
      const moments = yearMoments();
      it('of 1 098 moments', () => expect(moments).toHaveLength(1098));
      const months = new Map<string, number[]>();
      moments.forEach((moment, index) => {
        if (index % parts !== part) return;
        const month = new Date(moment).toLocaleDateString('sv-SE', { timeZone: TIME_ZONE }).slice(0, 7);
        months.set(month, (months.get(month) ?? []).concat(moment));
      });
      it.each([...months].map(([month, of]) => ({ month, of })))(
        '$month',
        ({ of }) => {
          const failures: string[] = [];
          for (const moment of of) {
            const breaches = demoPlanBreaches(planDemo(moment, TIME_ZONE));
            if (breaches.length) failures.push(`${stamp(moment)}: ${breaches.slice(0, 3).join('; ')}`);
          }
          expect(failures).toEqual([]);
        },
        60_000,
      );
    },
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
