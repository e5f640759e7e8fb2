import type { APIRequestContext, Response } from '@playwright/test';
import { baseUrl, clinicNow, DEMO, DEMO_PASSWORD, expect, fillLogin, login, patientPayload, test } from './fixtures';

/**
 * A desk that locks itself (issue 21, item 4), in the browser. The server's clock runs at the real pace
 * from CLOCK_START and nothing can move it from outside (e2e/global-setup.ts), so the clinic's idle time is
 * set to its minimum, 2 minutes, and the server's part is waited for by asking it (a read that does not
 * count as activity). The browser's own timers run on Playwright's clock: paused while the server's time
 * passes, run forward to the moment the app looks again.
 */
const IDLE_MINUTES = 2;
const headers = () => ({ Origin: baseUrl() });

async function setIdleMinutes(request: APIRequestContext, minutes: number) {
  const signIn = await request.post('/api/auth/sign-in', {
    headers: headers(),
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
  });
  expect(signIn.ok()).toBeTruthy();
  const saved = await request.patch('/api/settings', { headers: headers(), data: { staffIdleMinutes: minutes } });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** An appointment of the demo doctor tonight (outside hours: no other spec books there), for its note. */
async function appointmentTonight(request: APIRequestContext) {
  const doctors = (await (await request.get('/api/doctors')).json()) as { id: string; displayName: string }[];
  const doctor = doctors.find((item) => item.displayName === DEMO.doctor.name)!;
  const created = await request.post('/api/patients', {
    headers: headers(),
    data: patientPayload({ firstName: 'Iris', lastName: `Inactiva ${Date.now().toString(36)}` }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const patientId = ((await created.json()) as { id: string }).id;
  const day = new Date(clinicNow().getTime() + 3_600_000).toISOString().slice(0, 10);
  for (let minute = 0; minute < 60; minute += 10) {
    const startsAt = new Date(`${day}T22:${String(minute).padStart(2, '0')}:00+01:00`);
    const booked = await request.post('/api/appointments', {
      headers: headers(),
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
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await setIdleMinutes(request, IDLE_MINUTES);
  try {
    const appointmentId = await appointmentTonight(request);
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
    // Reading the server's idle clock is not activity: it counts down.

    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/me/activity')).json()) as { remainingSeconds: number })
            .remainingSeconds,
        { timeout: 90_000, intervals: [2_000] },
      )
      .toBeLessThan(58);

    // A minute before the end the app looks at the server, which agrees: the warning.
    const looked = page.waitForResponse(isActivity('GET'));
    await page.clock.runFor(60_000);
    expect((await looked).status()).toBe(200);
    await page.clock.resume();
    const warning = page.getByRole('dialog', { name: 'Tu sesión se cerrará por inactividad en 1 minuto' });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('button', { name: 'Seguir conectado' })).toBeVisible();

    // Nobody answers. The page stands still again; the server is asked until the idle time is over: the
    // first request after it is refused (401, in the catalogue's words, saying why) and the session is gone.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    let refused: { status: number; ended?: string; code?: string } = { status: 0 };
    await expect
      .poll(
        async () => {
          const response = await page.request.get('/api/me/activity');
          const body = (await response.json()) as { error?: { code: string } };
          refused = { status: response.status(), ended: response.headers()['x-session-ended'], code: body.error?.code };
          return response.status();
        },
        { timeout: 90_000, intervals: [1_000] },
      )
      .toBe(401);
    expect(refused).toEqual({ status: 401, ended: 'idle', code: 'SESSION_IDLE' });
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
  } finally {
    await setIdleMinutes(request, 30);
  }
});
