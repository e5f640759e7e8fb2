import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA: the rules of levels A and AA of WCAG 2.0, 2.1 and 2.2. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core on what the page shows now (or on `include`, e.g. an open dialog) and fails with one
 * line per violation: rule, impact, how many elements and the first of them.
 */
export async function expectNoAxeViolations(page: Page, what: string, include?: string) {
  // A drawer or menu still fading in blends its colours with the overlay: audit what stays on screen.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}) ×${violation.nodes.length}: ${violation.nodes[0]?.target.join(' ')} ${violation.nodes[0]?.html.slice(0, 160) ?? ''} — ${violation.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ')}`,
  );
  expect(summary, `axe en ${what}`).toEqual([]);
}
