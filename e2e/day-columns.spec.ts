import type { CDPSession, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { baseUrl, DEMO, DEMO_PASSWORD, expect, newClinicContext, patientPayload, reviewShot, test } from './fixtures';

/**
 * The calendar's day with one column per doctor (issue 13, item 1). The suite's clock starts on Monday
 * 12 January 2026; the demo clinic books up to 45 days ahead, so Wednesday 4 March 2026 is empty: only
 * this spec's appointments are there. Ortega works 08:00–15:00 and Navarro 09:00–13:30 that day.
 */
const DAY = '2026-03-04';
const ORTEGA = 'Dr. Javier Ortega Ramos';
const NAVARRO = 'Dra. Elena Navarro Castro';
const VIEW = `/admin/calendario?vista=profesionales&date=${DAY}`;

interface DoctorRow {
  id: string;
  displayName: string;
}

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
    headers: { Origin: baseUrl() },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
});

async function book(page: Page, doctorId: string, time: string, lastName: string) {
  const patient = await page.request.post('/api/patients', {
    headers: { Origin: baseUrl() },
    data: patientPayload({ firstName: 'Columna', lastName }),
  });
  expect(patient.status(), await patient.text()).toBe(201);
  const { id: patientId } = (await patient.json()) as { id: string };
  const booked = await page.request.post('/api/appointments', {
    headers: { Origin: baseUrl() },
    data: {
      patientId,
      doctorId,
      startsAt: new Date(`${DAY}T${time}:00+01:00`).toISOString(),
      reason: 'Revisión',
      channel: 'telefono',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return { ...((await booked.json()) as { id: string; startsAt: string }), name: `Columna ${lastName}` };
}

/** Drags a card with the mouse by (dx, dy) pixels, in small steps as a hand would. */
async function drag(page: Page, card: ReturnType<Page['locator']>, dx: number, dy: number) {
  const box = (await card.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + 8;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
  await page.mouse.move(x + dx, y + dy, { steps: 5 });
  await page.mouse.up();
}

test('the desk sees a column per doctor, drags an appointment to another doctor, and a taken time is refused', async ({
  page,
}) => {
  // Tall enough that the whole morning is on screen: the drag never needs the page to scroll.
  await page.setViewportSize({ width: 1280, height: 1400 });
  const doctors = (await (await page.request.get('/api/doctors')).json()) as DoctorRow[];
  const ortega = doctors.find((doctor) => doctor.displayName === ORTEGA)!;
  const navarro = doctors.find((doctor) => doctor.displayName === NAVARRO)!;
  const suffix = Date.now().toString(36);
  const moving = await book(page, ortega.id, '10:00', `Mueve ${suffix}`);
  const staying = await book(page, navarro.id, '11:00', `Queda ${suffix}`);

  await page.goto(VIEW);
  const grid = page.getByRole('region', { name: 'Agenda del día por profesional' });
  await expect(grid.getByRole('heading', { level: 3 })).toHaveText(doctors.map((doctor) => doctor.displayName));
  const ortegaList = grid.getByRole('list', { name: `Citas de ${ORTEGA}` });
  const navarroList = grid.getByRole('list', { name: `Citas de ${NAVARRO}` });
  const card = () => grid.getByRole('button', { name: new RegExp(`, ${moving.name}, `) });
  await expect(
    ortegaList.getByRole('button', { name: new RegExp(`^10:00–\\d\\d:\\d\\d, ${moving.name}, Confirmada$`) }),
  ).toBeVisible();
  await expect(navarroList.getByRole('button', { name: new RegExp(`^11:00–.*${staying.name}`) })).toBeVisible();
  await expectNoAxeViolations(page, 'el día por profesional');

  // With the keyboard, a card opens its panel, where «Cambiar fecha u hora» moves it without dragging.
  await card().focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Cita' });
  await expect(panel.getByRole('button', { name: 'Cambiar fecha u hora' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // To Navarro's column, same time: the doctor changes, the toast offers «Deshacer».
  const from = (await ortegaList.locator('..').boundingBox())!;
  const to = (await navarroList.locator('..').boundingBox())!;
  await drag(page, card(), to.x - from.x, 0);
  const toast = page.getByRole('alert').filter({ hasText: 'Cita cambiada' });
  await expect(toast).toContainText(`con ${NAVARRO}`);
  await expect(toast.getByRole('button', { name: 'Deshacer' })).toBeVisible();
  await expect(navarroList.getByRole('button', { name: new RegExp(`^10:00–.*${moving.name}`) })).toBeVisible();
  const saved = (await (await page.request.get(`/api/appointments/${moving.id}`)).json()) as {
    doctorId: string;
    startsAt: string;
  };
  expect(saved).toMatchObject({ doctorId: navarro.id, startsAt: moving.startsAt });
  await page.reload();
  await expect(navarroList.getByRole('button', { name: new RegExp(`^10:00–.*${moving.name}`) })).toBeVisible();
  await expect(ortegaList.getByRole('button', { name: new RegExp(moving.name) })).toHaveCount(0);

  // An hour later (1.6 px a minute) lands on the other patient's 11:00: refused, and the card comes back.
  await drag(page, card(), 0, 96);
  const refusal = page.getByRole('alert').filter({ hasText: 'No se ha podido cambiar la cita' });
  await expect(refusal).toContainText('La hora elegida ya no está disponible. Elige otra.');
  await expect(navarroList.getByRole('button', { name: new RegExp(`^10:00–.*${moving.name}`) })).toBeVisible();
  // The drop is not also a click on the column: no new booking was started.
  await expect(page).toHaveURL((url) => url.pathname === '/admin/calendario');
  const after = (await (await page.request.get(`/api/appointments/${moving.id}`)).json()) as {
    doctorId: string;
    startsAt: string;
  };
  expect(after).toMatchObject({ doctorId: navarro.id, startsAt: moving.startsAt });

  // Live: a booking made elsewhere appears in its doctor's column without a reload.
  const arriving = await book(page, ortega.id, '12:00', `Llega ${suffix}`);
  await expect(ortegaList.getByRole('button', { name: new RegExp(`^12:00–.*${arriving.name}`) })).toBeVisible();
});

test('the doctors shown and their order are the user’s choice, remembered after a reload', async ({ page }) => {
  const doctors = (await (await page.request.get('/api/doctors')).json()) as DoctorRow[];
  const names = doctors.map((doctor) => doctor.displayName);
  await page.goto(VIEW);
  const grid = page.getByRole('region', { name: 'Agenda del día por profesional' });
  await expect(grid.getByRole('heading', { level: 3 })).toHaveText(names);

  await page.getByRole('button', { name: `Profesionales (${names.length} de ${names.length})` }).click();
  const picker = page.getByRole('group', { name: /^Profesionales \(/ });
  await picker.getByRole('checkbox', { name: `Mostrar a ${names[0]}` }).uncheck();
  await picker.getByRole('button', { name: `Subir a ${NAVARRO}` }).click();
  await expectNoAxeViolations(page, 'elegir los profesionales', '[role="group"]');
  await page.keyboard.press('Escape');

  const expected = names.filter((name) => name !== names[0]);
  const navarroAt = expected.indexOf(NAVARRO);
  expected.splice(navarroAt, 1);
  expected.splice(navarroAt - 1, 0, NAVARRO);
  await expect(grid.getByRole('heading', { level: 3 })).toHaveText(expected);
  await page.reload();
  await expect(grid.getByRole('heading', { level: 3 })).toHaveText(expected);
  await expect(
    page.getByRole('button', { name: `Profesionales (${names.length - 1} de ${names.length})` }),
  ).toBeVisible();

  // On a phone the columns scroll sideways inside their box; the page itself does not.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(grid.getByRole('heading', { level: 3 })).toHaveText(expected);
  // Polled: the side navigation folds away with a transition after the resize.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await grid.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expectNoAxeViolations(page, 'el día por profesional en un móvil');
});

/** One finger on the touchscreen (Chromium's own touch input: the pointer, touch and scroll events a tablet sends). */
const finger = (cdp: CDPSession) => ({
  down: (x: number, y: number) => cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] }),
  async move(from: { x: number; y: number }, to: { x: number; y: number }, steps = 8) {
    for (let step = 1; step <= steps; step += 1) {
      const point = { x: from.x + ((to.x - from.x) * step) / steps, y: from.y + ((to.y - from.y) * step) / steps };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    }
  },
  up: () => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
});

test('on the desk’s tablet a long press picks an appointment up and moves it; a quick swipe only scrolls', async ({
  browser,
}) => {
  const context = await newClinicContext(browser, { hasTouch: true, viewport: { width: 1024, height: 700 } });
  const page = await context.newPage();
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
    headers: { Origin: baseUrl() },
  });
  expect(signIn.ok(), await signIn.text()).toBeTruthy();
  const doctors = (await (await page.request.get('/api/doctors')).json()) as DoctorRow[];
  const ortega = doctors.find((doctor) => doctor.displayName === ORTEGA)!;
  const navarro = doctors.find((doctor) => doctor.displayName === NAVARRO)!;
  const held = await book(page, ortega.id, '09:00', `Pulsada ${Date.now().toString(36)}`);
  const saved = async () =>
    (await (await page.request.get(`/api/appointments/${held.id}`)).json()) as { doctorId: string; startsAt: string };

  await page.goto(VIEW);
  const grid = page.getByRole('region', { name: 'Agenda del día por profesional' });
  const ortegaList = grid.getByRole('list', { name: `Citas de ${ORTEGA}` });
  const navarroList = grid.getByRole('list', { name: `Citas de ${NAVARRO}` });
  const card = ortegaList.getByRole('button', { name: new RegExp(`^09:00–.*${held.name}`) });
  await expect(card).toBeVisible();
  const cdp = await context.newCDPSession(page);
  const hand = finger(cdp);
  const centre = async () => {
    const box = (await card.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + 8 };
  };

  // A quick swipe upwards that starts on the card scrolls the day down and moves nothing. The columns
  // scroll in their own box (so the doctors' names stay on top), and past its end the page: count both.
  const scrolled = () => page.evaluate(() => window.scrollY + (document.querySelector('.dc-scroll')?.scrollTop ?? 0));
  const start = await centre();
  const scrolledBefore = await scrolled();
  await hand.down(start.x, start.y);
  await hand.move(start, { x: start.x, y: start.y - 200 });
  await hand.up();
  await expect.poll(scrolled).toBeGreaterThan(scrolledBefore + 50);
  expect(await saved()).toMatchObject({ doctorId: ortega.id, startsAt: held.startsAt });
  await expect(page.getByRole('dialog', { name: 'Cita' })).toHaveCount(0);
  // The swipe's fling has ended when the page stays put for a moment; then the card is brought back to the middle.
  const still = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const offset = () => window.scrollY + (document.querySelector('.dc-scroll')?.scrollTop ?? 0);
          const at = offset();
          setTimeout(() => resolve(offset() === at), 300);
        }),
    );
  await expect.poll(still).toBe(true);
  await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expect.poll(still).toBe(true);

  // Held still, the card is picked up; then to Navarro's column and half an hour later (1.6 px a minute).
  const from = await centre();
  const columnShift =
    (await navarroList.locator('..').boundingBox())!.x - (await ortegaList.locator('..').boundingBox())!.x;
  const scrolledAtPress = await scrolled();
  await hand.down(from.x, from.y);
  // The long press picks the card up (its ghost follows the finger from then on).
  await expect(card).toHaveClass(/dc-card--dragging/);
  const to = { x: from.x + columnShift, y: from.y + 48 };
  await hand.move(from, to, 12);
  // While the card is held the page stays still under the finger.
  expect(await scrolled()).toBe(scrolledAtPress);
  await hand.up();
  const toast = page.getByRole('alert').filter({ hasText: 'Cita cambiada' });
  await expect(toast).toContainText(`con ${NAVARRO}`);
  // «Deshacer» keeps its whole width beside a long message (it was squeezed to «De» at this width).
  const undoLabel = toast.getByRole('button', { name: 'Deshacer' }).locator('.mantine-Button-label');
  expect(await undoLabel.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
  await expect(navarroList.getByRole('button', { name: new RegExp(`^09:30–.*${held.name}`) })).toBeVisible();
  expect(await saved()).toMatchObject({
    doctorId: navarro.id,
    startsAt: new Date(`${DAY}T09:30:00+01:00`).toISOString(),
  });
  await reviewShot(page, 'day-columns-touch-1024.png');
  await context.close();
});
