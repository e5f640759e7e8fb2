import { describe, expect, it } from 'vitest';
import { checkBudgets, firstLoadOf, untilReadyOf, type BudgetChunk, type Budgets } from './bundle-budget';

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

/**
 * The booking as the build splits it: the page's chunk asks for its later steps and the service choice as it
 * shows; «Día y hora» brings the waiting list when shown; «Tus datos» and the confirmation come after a time is
 * picked; the entry's own `import()`s are the other pages; the layout's menu opens on a tap.
 */
const booking = (sizes: Record<string, number> = {}) => {
  const size = (file: string, fallback: number) => sizes[file] ?? fallback;
  return [
    chunk('assets/index.js', size('index', 90), {
      isEntry: true,
      dynamicImports: ['assets/public-layout.js', 'assets/booking.js', 'assets/admin.js'],
    }),
    chunk('assets/boot.js', 1, { isEntry: true }),
    chunk('assets/public-layout.js', 5, {
      module: 'app/layouts/public-layout.tsx',
      imports: ['assets/index.js'],
      dynamicImports: ['assets/menu-drawer.js'],
    }),
    chunk('assets/menu-drawer.js', 3, { module: 'app/layouts/public-menu-drawer.tsx' }),
    chunk('assets/booking.js', size('booking', 20), {
      module: 'app/routes/public/booking.tsx',
      imports: ['assets/Button.js'],
      dynamicImports: ['assets/later-steps.js', 'assets/service-choice.js', 'assets/booking-done.js'],
    }),
    chunk('assets/Button.js', 4),
    chunk('assets/later-steps.js', size('later-steps', 15), {
      module: 'app/routes/public/booking-later-steps.tsx',
      imports: ['assets/dates.js', 'assets/Button.js'],
      dynamicImports: ['assets/details-step.js', 'assets/waiting-list.js'],
    }),
    chunk('assets/dates.js', size('dates', 12)),
    chunk('assets/service-choice.js', 2, { module: 'features/booking/components/service-choice.tsx' }),
    chunk('assets/waiting-list.js', size('waiting-list', 6), {
      module: 'features/waiting-list/components/waiting-list-entry.tsx',
      imports: ['assets/Modal.js'],
    }),
    chunk('assets/Modal.js', 7),
    chunk('assets/details-step.js', size('details-step', 40), {
      module: 'features/booking/components/booking-details-step.tsx',
      imports: ['assets/zod.js'],
    }),
    chunk('assets/zod.js', 30),
    chunk('assets/booking-done.js', 8, { module: 'features/booking/components/booking-done.tsx' }),
    chunk('assets/admin.js', 99, { module: 'app/routes/admin/calendar.tsx' }),
  ];
};

const untilPicked = {
  page: '/agendar-cita',
  until: 'a time is picked',
  modules: ['app/layouts/public-layout.tsx', 'app/routes/public/booking.tsx'],
  later: [
    'app/layouts/public-menu-drawer.tsx',
    'features/booking/components/booking-details-step.tsx',
    'features/booking/components/booking-done.tsx',
  ],
  maxSentBytes: 180 * kB,
};
const bookingBudgets: Budgets = { ...budgets, firstLoad: [], untilReady: [untilPicked] };
/** Entries, layout, page, Button, later steps, dates, service choice, waiting list and its modal. */
const UNTIL_PICKED_KB = 90 + 1 + 5 + 20 + 4 + 15 + 12 + 2 + 6 + 7;

describe('bundle budget until a time is picked', () => {
  it('adds up the first load and every chunk the booking asks for on its way, each once', () => {
    expect(untilReadyOf(booking(), untilPicked)).toEqual({ sentBytes: UNTIL_PICKED_KB * kB, chunks: 10 });
    expect(checkBudgets(booking(), bookingBudgets)).toEqual([]);
  });

  it.each([
    ['the page', 'booking'],
    ['a step loaded on demand', 'later-steps'],
    ['what a lazy step imports', 'dates'],
    ['a chunk the slot step loads when shown', 'waiting-list'],
  ])('fails when %s grows past the budget', (_, file) => {
    const grown = 180 - UNTIL_PICKED_KB + sizeOf(booking(), file) + 1;
    expect(checkBudgets(booking({ [file]: grown }), bookingBudgets)).toEqual([
      `page /agendar-cita: JavaScript until a time is picked 181.0 kB sent (10 chunks) > budget 180.0 kB`,
    ]);
  });

  it('does not count what comes after the time (the details, the confirmation) nor the other pages', () => {
    expect(checkBudgets(booking({ 'details-step': 95 }), bookingBudgets)).toEqual([]);
    expect(untilReadyOf(booking({ 'details-step': 95 }), untilPicked).sentBytes).toBe(UNTIL_PICKED_KB * kB);
  });

  it('fails when a module it names is no longer a chunk of the build', () => {
    const renamed = { ...untilPicked, later: [...untilPicked.later, 'features/booking/components/booking-step-3.tsx'] };
    expect(checkBudgets(booking(), { ...bookingBudgets, untilReady: [renamed] })).toEqual([
      'page /agendar-cita: no chunk for features/booking/components/booking-step-3.tsx',
    ]);
  });

  it('fails when an area screen is loaded before the time is picked', () => {
    const leaking = booking().map((item) =>
      item.file === 'assets/waiting-list.js' ? { ...item, modules: ['app/routes/admin/calendar.tsx'] } : item,
    );
    const guarded = { ...bookingBudgets, privateModules: /^app\/routes\/admin\// };
    expect(checkBudgets(leaking, guarded)).toEqual([
      'page /agendar-cita: loads app/routes/admin/calendar.tsx before a time is picked',
    ]);
  });
});

function sizeOf(list: BudgetChunk[], name: string) {
  return list.find((item) => item.file === `assets/${name}.js`)!.sentBytes / kB;
}
