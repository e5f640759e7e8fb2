import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA: the rules of levels A and AA of WCAG 2.0, 2.1 and 2.2. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core on what the page shows now (or on `include`, e.g. an open dialog) and fails with one
 * line per violation: rule, impact, how many elements and the first of them.
 */
export async function expectNoAxeViolations(
  page: Page,
  what: string,
  include?: string,
  options: { labelInName?: boolean } = {},
) {
  // A drawer, dialog or menu still fading in blends its colours with the overlay: audit what stays on
  // screen. Mantine starts a transition a frame or two after the element appears, so «no animation now»
  // is only believed when it holds across a few frames.
  await page.evaluate(async () => {
    const frames = (count: number) =>
      new Promise<void>((resolve) => {
        const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
        next(count);
      });
    for (let quiet = 0, round = 0; quiet < 2 && round < 40; round += 1) {
      await frames(2);
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
        );
      quiet = running.length === 0 ? quiet + 1 : 0;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  // Every rule still runs on every element and every violation is reported whole; only the passes, the inapplicable
  // and the incomplete (which this check does not read) are listed with one element each instead of all of them.
  let builder = new AxeBuilder({ page }).options({
    resultTypes: ['violations'],
    // WCAG 2.5.3 «label in name» is an experimental rule of axe, off unless asked for.
    ...(options.labelInName ? { rules: { 'label-content-name-mismatch': { enabled: true } } } : {}),
  });
  // AxeBuilder's options() replaces what withTags() set, so the tags come after it. A check with labelInName has
  // always run every rule of axe (best practices too: its options() used to come after withTags()); it still does.
  if (!options.labelInName) builder = builder.withTags(WCAG_22_AA);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}) ×${violation.nodes.length}: ${violation.nodes[0]?.target.join(' ')} ${violation.nodes[0]?.html.slice(0, 160) ?? ''} — ${violation.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ')}`,
  );
  expect(summary, `axe en ${what}`).toEqual([]);
}
