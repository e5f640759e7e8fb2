import { describe, expect, it } from 'vitest';
import { checkBudgets, firstLoadOf, type BudgetChunk, type Budgets } from './bundle-budget';

const kB = 1024;
const chunk = (file: string, sentKb: number, extra: Partial<BudgetChunk> = {}): BudgetChunk => ({
  file,
  isEntry: false,
  imports: [],
  sentBytes: sentKb * kB,
  css: [],
  ...extra,
});

/** An entry, a layout and two screens sharing a chunk, as the build hands them over. */
const output = (sizes: { entry?: number; landing?: number; css?: number } = {}) => [
  chunk('assets/index.js', sizes.entry ?? 90, {
    isEntry: true,
    css: [{ file: 'assets/index.css', bytes: (sizes.css ?? 12) * kB }],
  }),
  chunk('assets/public-layout.js', 5, {
    module: 'app/layouts/public-layout.tsx',
    imports: ['assets/index.js', 'assets/Button.js'],
  }),
  chunk('assets/landing.js', sizes.landing ?? 10, {
    module: 'app/routes/public/landing.tsx',
    imports: ['assets/Button.js'],
  }),
  chunk('assets/booking.js', 60, { module: 'app/routes/public/booking.tsx', imports: ['assets/Button.js'] }),
  chunk('assets/Button.js', 4),
];

const budgets: Budgets = {
  firstLoad: [
    { page: '/', modules: ['app/layouts/public-layout.tsx', 'app/routes/public/landing.tsx'], maxSentBytes: 120 * kB },
  ],
  maxChunkSentBytes: 100 * kB,
  maxBlockingCssBytes: 20 * kB,
};

describe('bundle budget', () => {
  it('adds up the entry, the layout, the screen and what they import, each chunk once', () => {
    expect(firstLoadOf(output(), budgets.firstLoad[0]!.modules)).toBe((90 + 5 + 10 + 4) * kB);
  });

  it('passes a build within its budgets', () => {
    expect(checkBudgets(output(), budgets)).toEqual([]);
  });

  it('fails a page whose first load grows past its budget, naming it and both sizes', () => {
    expect(checkBudgets(output({ landing: 30 }), budgets)).toEqual([
      'page /: first-load JavaScript 129.0 kB sent > budget 120.0 kB',
    ]);
  });

  it('fails a chunk past the largest size, naming it', () => {
    expect(checkBudgets(output({ entry: 101 }), budgets)).toEqual([
      'chunk assets/index.js (shared): 101.0 kB sent > budget 100.0 kB',
    ]);
  });

  it('fails a render-blocking stylesheet over its budget', () => {
    expect(checkBudgets(output({ css: 25 }), budgets)).toEqual([
      'render-blocking stylesheet assets/index.css: 25.0 kB > budget 20.0 kB',
    ]);
  });

  it('fails a page whose first load includes an area screen, naming the module', () => {
    const leaking = output().map((item) =>
      item.file === 'assets/Button.js'
        ? { ...item, modules: ['components/button.tsx', 'app/routes/admin/calendar.tsx'] }
        : item,
    );
    const guarded = { ...budgets, privateModules: /^app\/routes\/admin\// };
    expect(checkBudgets(output(), guarded)).toEqual([]);
    expect(checkBudgets(leaking, guarded)).toEqual([
      'page /: first load includes app/routes/admin/calendar.tsx (load it lazily)',
    ]);
  });

  it('fails when a page names a screen the build no longer has', () => {
    const renamed = {
      ...budgets,
      firstLoad: [{ ...budgets.firstLoad[0]!, modules: ['app/routes/public/inicio.tsx'] }],
    };
    expect(checkBudgets(output(), renamed)).toEqual(['page /: no chunk for app/routes/public/inicio.tsx']);
  });
});
