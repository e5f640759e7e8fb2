import type { Route } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, signInViaApi, test } from './fixtures';

/**
 * Issue 25: the calendar's week of every doctor of a large clinic — 50 doctors, 5 000 appointments — renders and
 * scrolls without a task over 200 ms of the renderer's main thread (its CPU time, from Chromium's trace). The week is answered by the
 * spec (`page.route`), in the shape the API sends, so the shared demo clinic keeps its own data: what is measured
 * is the browser's work with that many appointments, not the server's (bench/run.ts measures that).
 */

const DOCTORS = 50;
const LONG_TASK_MS = 200;

/** 50 doctors × 5 weekdays × 20 appointments of 15 minutes from 09:00 Madrid (UTC+1 in January): 5 000. */
function week(from: string) {
  const start = Date.parse(from);
  const statuses = ['confirmada', 'pendiente', 'en_sala', 'atendida'] as const;
  const items = [];
  for (let day = 0; day < 7; day++) {
    const midnight = start + day * 86_400_000;
    const weekday = new Date(midnight + 12 * 3_600_000).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (let doctor = 0; doctor < DOCTORS; doctor++) {
      for (let slot = 0; slot < 20; slot++) {
        const startsAt = midnight + 9 * 3_600_000 + slot * 15 * 60_000;
        const n: number = items.length;
        items.push({
          id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
          patientName: `Paciente ${n} Apellido${n % 97}`,
          doctorId: `00000000-0000-4000-a000-${String(doctor).padStart(12, '0')}`,
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(startsAt + 15 * 60_000).toISOString(),
          status: statuses[n % statuses.length]!,
          arrivedAt: null,
          updatedAt: '2026-01-01T10:00:00.000Z',
          serviceId: null,
        });
      }
    }
  }
  return items;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Thread (CPU) time of a complete event, in microseconds. */
  tdur?: number;
  args?: { name?: string };
}

/** The CPU time (ms) of each task of a renderer's main thread in a Chromium trace that took more than `overMs`. */
function mainThreadTasksOver(trace: Buffer, overMs: number): number[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  return events
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && mainThreads.has(`${event.pid}:${event.tid}`))
    .map((event) => Math.round((event.tdur ?? 0) / 1000))
    .filter((ms) => ms > overMs);
}

test('la semana de 5 000 citas se dibuja y se desplaza sin tareas largas de más de 200 ms', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);

  // The week is held until the page is watching its long tasks, so that loading the screen's code is not counted.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let served = 0;
  await page.route(/\/api\/appointments\/range\?/, async (route: Route) => {
    const from = new URL(route.request().url()).searchParams.get('from')!;
    await released;
    const body = week(from);
    served = body.length;
    await route.fulfill({ status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });
  });
  await page.goto('/admin/calendario');
  await expect(page.locator('.clinica-calendar-title')).toBeVisible();

  // The browser's own trace, not the page's `longtask` entries: those time a task by the wall clock, which on a
  // busy two-core machine counts the time the renderer waited for a core; a trace's `tdur` is the main thread's
  // CPU time in the task, the work this screen asks of it whatever else the machine is doing.
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  release();
  // `waitFor`, not `expect(…).toBeVisible()`: a failed first try of an `expect` makes Playwright take the page's
  // accessibility snapshot inside the page, a task of ~200 ms of its own that the trace would count.
  await page.locator('.clinica-event').first().waitFor({ timeout: 60_000 });
  expect(served).toBe(5000);

  // Scroll the week down to the evening and back, as a person reading it would.
  for (let step = 0; step < 8; step++) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(100);
  }
  for (let step = 0; step < 8; step++) {
    await page.mouse.wheel(0, -400);
    await page.waitForTimeout(100);
  }
  // A last frame, so a task still running is in the trace.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));

  const longTasks = mainThreadTasksOver(await browser.stopTracing(), 50);
  console.log(`[calendar-load] tareas de más de 50 ms de CPU (ms): ${longTasks.join(', ') || 'ninguna'}`);
  expect(Math.max(0, ...longTasks), `tareas largas: ${longTasks.join(', ')}`).toBeLessThanOrEqual(LONG_TASK_MS);

  // The crowded week draws 4 appointments side by side and one «+N» per half hour: 50 at 09:00 and 50 at 09:15
  // of each weekday, 8 shown, 92 under the box, which opens them.
  const more = page.locator('.clinica-more-event').first();
  await expect(more).toContainText('+92');
  await expect(more).toHaveAttribute('title', '92 citas más que empiezan de 09:00 a 09:30');
  await more.click();
  const list = page.getByRole('dialog', { name: /^92 citas más · lunes, 12 de enero de 2026, de 09:00 a 09:30$/ });
  await expect(list.getByRole('button')).toHaveCount(92 + 1);
  await list
    .getByRole('button', { name: /^09:15–09:30 · Paciente / })
    .first()
    .click();
  await expect(list).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Cita' })).toBeVisible();
});
