import type { APIRequestContext, Page, Response } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, fillLogin, login, patientPayload } from './fixtures';
import { test } from './own-clinic';

/**
 * A desk that locks itself (issue 21, item 4), in the browser. It runs on the clinic whose server's clock the
 * spec moves (e2e/own-clinic.ts): the server's minutes of idleness pass in a jump, not in real time. The clinic's
 * idle time is its minimum, 2 minutes. The browser's own timers run on Playwright's clock: paused while the
 * server's time passes, run forward to the moment the app looks again.
 */
const IDLE_MINUTES = 2;

async function setIdleMinutes(request: APIRequestContext, minutes: number) {
  const saved = await request.patch('/api/settings', { data: { staffIdleMinutes: minutes } });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** What the server says is left of the session's idle time (a read that is not activity). */
async function remainingSeconds(page: Page) {
  const response = await page.request.get('/api/me/activity');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { remainingSeconds: number }).remainingSeconds;
}

/** An appointment of the demo doctor tonight (outside hours: no other spec books there), for its note. */
async function appointmentTonight(request: APIRequestContext, now: Date) {
  const doctors = (await (await request.get('/api/doctors')).json()) as { id: string; displayName: string }[];
  const doctor = doctors.find((item) => item.displayName === DEMO.doctor.name)!;
  const created = await request.post('/api/patients', {
    data: patientPayload({ firstName: 'Iris', lastName: `Inactiva ${Date.now().toString(36)}` }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const patientId = ((await created.json()) as { id: string }).id;
  const day = new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);
  for (let minute = 0; minute < 60; minute += 10) {
    const startsAt = new Date(`${day}T22:${String(minute).padStart(2, '0')}:00+01:00`);
    const booked = await request.post('/api/appointments', {
      data: {
        patientId,
        doctorId: doctor.id,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 10 * 60_000).toISOString(),
        reason: 'Revisión',
        channel: 'telefono',
        allowOutsideHours: true,
      },
    });
    if (booked.status() === 201) return ((await booked.json()) as { id: string }).id;
    expect(booked.status(), await booked.text()).toBe(409);
  }
  throw new Error('No free time tonight for the demo doctor');
}

const isActivity = (method: string) => (response: Response) =>
  new URL(response.url()).pathname === '/api/me/activity' && response.request().method() === method;

test('an idle doctor’s session is warned a minute before, refused by the server after the idle time, and she returns to her draft', async ({
  browser,
  ownClinic: clinic,
}) => {
  const request = await clinic.signedInAdmin();
  await setIdleMinutes(request, IDLE_MINUTES);
  try {
    const appointmentId = await appointmentTonight(request, clinic.now());
    const page = await clinic.newPage(browser, { width: 1280, height: 800 });
    const notePath = `/doctor/citas/${appointmentId}`;

    await login(page, DEMO.doctor.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/doctor/);
    await page.goto(notePath);
    await expect(page.getByRole('heading', { level: 1, name: 'Consulta' })).toBeVisible();

    // She types (input: a keep-alive) and the draft is saved.
    const keptAlive = page.waitForResponse(isActivity('POST'));
    await page.getByLabel('Motivo de consulta').click();
    await page.getByLabel('Motivo de consulta').pressSequentially('Mareos al levantarse');
    expect(((await (await keptAlive).json()) as { remainingSeconds: number }).remainingSeconds).toBe(IDLE_MINUTES * 60);
    await expect(page.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();

    // She leaves the desk: the page's timers stand still while the server's time passes. First the page
    // tells the server of the typing that followed the first key (one keep-alive a minute at most).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const lastInput = page.waitForResponse(isActivity('POST'));
    await page.clock.runFor(61_000);
    await lastInput;
    // A minute and two seconds pass on the server. Reading its idle clock is not activity: it counts down.
    await clinic.moveClock(62_000);
    expect(await remainingSeconds(page)).toBeLessThan(58);

    // A minute before the end the app looks at the server, which agrees: the warning.
    const looked = page.waitForResponse(isActivity('GET'));
    await page.clock.runFor(60_000);
    expect((await looked).status()).toBe(200);
    await page.clock.resume();
    const warning = page.getByRole('dialog', { name: 'Tu sesión se cerrará por inactividad en 1 minuto' });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('button', { name: 'Seguir conectado' })).toBeVisible();

    // Nobody answers. The page stands still again while the rest of the idle time passes on the server: the
    // first request after it is refused (401, in the catalogue's words, saying why) and the session is gone.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const left = await remainingSeconds(page);
    expect(left).toBeGreaterThan(0);
    await clinic.moveClock((left + 1) * 1000);
    const response = await page.request.get('/api/me/activity');
    const body = (await response.json()) as { error?: { code: string } };
    expect({ status: response.status(), ended: response.headers()['x-session-ended'], code: body.error?.code }).toEqual(
      { status: 401, ended: 'idle', code: 'SESSION_IDLE' },
    );
    expect((await page.request.get('/api/doctor/notes/pending')).status()).toBe(401);

    // The page's own look, when its minute is up, finds the session ended: the app signs out and says why.
    await page.clock.runFor(65_000);
    await page.clock.resume();
    await expect(page.getByText('Tu sesión se cerró por inactividad')).toBeVisible();
    await page.getByRole('alert').getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Tu sesión se cerró por inactividad' })).toBeVisible();
    await fillLogin(page, DEMO.doctor.email, DEMO_PASSWORD);

    // Back on the note, with what she had written.
    await expect(page).toHaveURL(new RegExp(`${notePath}$`));
    await expect(page.getByLabel('Motivo de consulta')).toHaveValue('Mareos al levantarse');
    await page.context().close();
  } finally {
    // The admin's own session went idle with the doctor's: a new one puts the clinic's idle time back.
    await request.dispose();
    const admin = await clinic.signedInAdmin();
    await setIdleMinutes(admin, 30);
    await admin.dispose();
  }
});
