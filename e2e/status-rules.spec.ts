import crypto from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  DEMO,
  DEMO_PASSWORD,
  eveningBaseUrl,
  eveningNow,
  eveningTest as test,
  expect,
  newEveningContext,
  patientPayload,
  signInViaApi,
} from './fixtures';

// The evening: Wednesday 14 January 2026, 19:30 in Madrid (UTC+1).
const TONIGHT = '2026-01-14';
const uniqueWord = () =>
  Array.from(crypto.randomBytes(6), (byte) => 'abcdefghijklmnopqrstuvwxyz'[byte % 26])
    .join('')
    .replace(/^./, (first) => first.toUpperCase());
const madridTime = (instant: Date) =>
  new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

/**
 * A patient of our own with an appointment with the demo doctor tonight, at the first free 10 minutes from `from`
 * that is still half an hour away.
 */
async function bookTonight(request: APIRequestContext, lastName: string, from: number) {
  const headers = { Origin: eveningBaseUrl() };
  const signIn = await request.post('/api/auth/sign-in', {
    headers,
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
  });
  expect(signIn.ok()).toBeTruthy();
  const doctors = (await (await request.get('/api/doctors')).json()) as { id: string; displayName: string }[];
  const doctor = doctors.find((item) => item.displayName === DEMO.doctor.name)!;
  const created = await request.post('/api/patients', {
    headers,
    data: patientPayload({ firstName: 'Olga', lastName }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const patientId = ((await created.json()) as { id: string }).id;
  // Not before half an hour from the evening clinic's clock: it runs on while the suite does (a slow run reached
  // 20:16 before this spec, and a visit booked at 20:00 had already begun).
  const [hour, minutes] = madridTime(new Date(eveningNow().getTime() + 30 * 60_000))
    .split(':')
    .map(Number);
  const start = Math.max(from, Math.ceil((hour! * 60 + minutes!) / 10) * 10);
  for (let minute = start; minute < 24 * 60 - 10; minute += 10) {
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    const startsAt = new Date(`${TONIGHT}T${time}:00+01:00`);
    const booked = await request.post('/api/appointments', {
      headers,
      data: {
        patientId,
        doctorId: doctor.id,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 10 * 60_000).toISOString(),
        reason: 'Control de tensión',
        channel: 'telefono',
        allowOutsideHours: true,
      },
    });
    if (booked.status() === 201)
      return { appointmentId: ((await booked.json()) as { id: string }).id, time, name: `Olga ${lastName}` };
    expect(booked.status(), await booked.text()).toBe(409);
  }
  throw new Error('No free time tonight for the demo doctor');
}

const diaryRow = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
const statusButtons = (page: Page, name: string) =>
  diaryRow(page, name)
    .getByRole('group', { name: /^Cambiar el estado de la cita/ })
    .getByRole('button');

test.describe('Estados de la cita según lo que ha pasado (la clínica de tarde)', () => {
  test('the desk checks a patient in: the diary shows since when and how long she waits, offers no «No asistió», then «Atendida»', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // Tonight at 20:00 or later: her time has not come yet.
    const booked = await bookTonight(page.context().request, `${uniqueWord()} Sala`, 20 * 60);
    await page.context().clearCookies();
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD, eveningBaseUrl());
    await page.goto('/admin/citas-hoy');

    // Before her time: no «No asistió» (she cannot be a no-show yet).
    await expect(statusButtons(page, booked.name)).toHaveText(['Llegada', 'Atendida', 'Cancelar']);
    // The server's clock and the test's may straddle a minute: the arrival is one of these.
    const around = [-60_000, 0, 60_000].map((offset) => madridTime(new Date(eveningNow().getTime() + offset)));
    await diaryRow(page, booked.name).getByRole('button', { name: 'Llegada' }).click();
    await expect(page.getByText('Llegada registrada: el paciente está en sala')).toBeVisible();
    const waiting = diaryRow(page, booked.name).getByTestId('waiting-since');
    await expect(waiting).toHaveText(/^En sala desde las \d\d:\d\d · [01] min$/);
    const arrivedAt = /(\d\d:\d\d)/.exec((await waiting.textContent())!)![1]!;
    expect(around).toContain(arrivedAt);
    // In the waiting room she came: only «Atendida».
    await expect(statusButtons(page, booked.name)).toHaveText(['Atendida']);
    await expectNoAxeViolations(page, 'la agenda del día con una paciente en sala');

    // The minutes move on their own.
    await page.clock.fastForward('06:00');
    await expect(waiting).toHaveText(new RegExp(`^En sala desde las ${arrivedAt} · [67] min$`));

    // The doctor sees it too, in her dashboard's list of the day.
    const doctorContext = await newEveningContext(page.context().browser()!);
    const doctor = await doctorContext.newPage();
    await signInViaApi(doctor, DEMO.doctor.email, DEMO_PASSWORD, eveningBaseUrl());
    await doctor.goto('/doctor/dashboard');
    await expect(doctor.getByRole('row').filter({ hasText: booked.name }).getByTestId('waiting-since')).toHaveText(
      new RegExp(`^En sala desde las ${arrivedAt} · [01] min$`),
    );
    // Only what this change adds: the dashboard's past rows are another matter (their faded links).
    await expectNoAxeViolations(
      doctor,
      'el tiempo de espera en el panel de la doctora',
      '[data-testid="waiting-since"]',
    );
    await doctorContext.close();

    await statusButtons(page, booked.name).getByText('Atendida').click();
    await expect(page.getByText('Cita marcada como atendida')).toBeVisible();
    await expect(diaryRow(page, booked.name).getByText('Atendida', { exact: true })).toBeVisible();
    await expect(waiting).toHaveCount(0);
  });

  test('the doctor signs the note and finishes the visit, stating the arrival of a patient never checked in', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const booked = await bookTonight(page.context().request, `${uniqueWord()} Firma`, 21 * 60);
    await page.context().clearCookies();
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD, eveningBaseUrl());
    await page.goto(`/doctor/citas/${booked.appointmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Consulta' })).toBeVisible();
    // Nothing to finish before the note is signed.
    await expect(page.getByRole('region', { name: 'Nota firmada' })).toHaveCount(0);

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/note') && response.request().method() === 'PUT' && response.ok(),
    );
    await page.getByLabel('Motivo de consulta').fill('Control de tensión');
    await page.getByLabel('Exploración').fill('TA 130/85');
    await page.getByLabel('Diagnóstico', { exact: true }).fill('Hipertensión controlada');
    await page.getByLabel('Plan').fill('Seguir igual; control en tres meses');
    await saved;
    await expect(page.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();
    await page.getByRole('button', { name: 'Firmar nota' }).click();
    await page
      .getByRole('dialog', { name: '¿Firmar la nota?' })
      .getByRole('button', { name: 'Firmar', exact: true })
      .click();

    const offer = page.getByRole('region', { name: 'Nota firmada' });
    await expect(offer).toContainText('¿Dar la visita por terminada?');
    await expectNoAxeViolations(page, 'la consulta con la nota firmada y la oferta de terminar la visita');
    await offer.getByRole('button', { name: 'Terminar la visita' }).click();

    // Never checked in: when did she arrive? Her time has not come, so now is proposed.
    const dialog = page.getByRole('dialog', { name: '¿A qué hora llegó?' });
    const time = dialog.getByLabel(/Hora de llegada/);
    await expect(time).toHaveValue(/^\d\d:\d\d$/);
    const proposed = await time.inputValue();
    expect([-60_000, 0, 60_000].map((offset) => madridTime(new Date(eveningNow().getTime() + offset)))).toContain(
      proposed,
    );
    await expectNoAxeViolations(page, 'la pregunta de la hora de llegada', '[role="dialog"]');
    const saving = page.waitForResponse(
      (response) => response.url().endsWith('/status') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Marcar como atendida' }).click();
    const response = await saving;
    expect(response.status(), await response.text()).toBe(200);
    expect((await response.json()) as { status: string; arrivedAt: string }).toMatchObject({ status: 'atendida' });
    expect(madridTime(new Date(((await response.json()) as { arrivedAt: string }).arrivedAt))).toBe(proposed);

    await expect(page.getByText('Visita terminada: cita atendida')).toBeVisible();
    await expect(offer).toHaveCount(0);
    await expect(page.getByText('Atendida', { exact: true }).first()).toBeVisible();
    // The history says when she arrived.
    const detail = await page.request.get(`/api/appointments/${booked.appointmentId}`);
    const history = ((await detail.json()) as { history: { description: string }[] }).history;
    expect(history.at(-1)?.description).toBe(`Estado: Atendida (llegó a las ${proposed})`);
  });
});
