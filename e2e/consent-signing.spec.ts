import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  baseUrl,
  clinicNow,
  DEMO,
  DEMO_PASSWORD,
  expect,
  linkIn,
  patientPayload,
  readMailsTo,
  signInViaApi,
  test,
  uniqueEmail,
} from './fixtures';

/** The Traumatología doctor of the demo, who performs «Infiltración» (the demo's infiltration consent). */
const TRAUMA = { email: 'dra.navarro@clinica.demo', name: 'Dra. Elena Navarro Castro' };
/** Today's date in Madrid (January: UTC+1) by the clinic's clock. */
const todayInMadrid = () => new Date(clinicNow().getTime() + 3_600_000).toISOString().slice(0, 10);

/** The desk books «Infiltración» tonight (outside hours: no other spec books there) for a new patient with e-mail. */
async function bookInfiltration(request: APIRequestContext, email: string) {
  const headers = { Origin: baseUrl() };
  const signIn = await request.post('/api/auth/sign-in', {
    headers,
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
  });
  expect(signIn.ok()).toBeTruthy();
  const doctors = (await (await request.get('/api/doctors')).json()) as { id: string; displayName: string }[];
  const doctor = doctors.find((item) => item.displayName === TRAUMA.name)!;
  const services = (await (await request.get('/api/services')).json()) as { id: string; name: string }[];
  const service = services.find((item) => item.name === 'Infiltración')!;
  const created = await request.post('/api/patients', {
    headers,
    data: patientPayload({ firstName: 'Rocío', lastName: 'Firma Móvil', email }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const patientId = ((await created.json()) as { id: string }).id;
  for (let minute = 0; minute < 60; minute += 20) {
    const startsAt = new Date(`${todayInMadrid()}T22:${String(minute).padStart(2, '0')}:00+01:00`);
    const booked = await request.post('/api/appointments', {
      headers,
      data: {
        patientId,
        doctorId: doctor.id,
        serviceId: service.id,
        startsAt: startsAt.toISOString(),
        reason: '',
        channel: 'telefono',
        allowOutsideHours: true,
      },
    });
    if (booked.status() === 201) return ((await booked.json()) as { id: string }).id;
    expect(booked.status(), await booked.text()).toBe(409);
  }
  throw new Error('No free time tonight for the Traumatología doctor');
}

test.describe('Firma del consentimiento informado', () => {
  test('on a 390 px phone the patient opens the e-mail link, draws her signature and signs; the doctor sees «Firmado»', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('firma');
    const appointmentId = await bookInfiltration(page.context().request, email);
    await page.context().clearCookies();
    const [mail] = await readMailsTo(email);
    expect(mail!.text).toContain('lee y firma el consentimiento');
    const link = linkIn(mail!, new URL(/https?:\/\/[^\s]+\/consentimiento\/[^\s]+/.exec(mail!.text)![0]).pathname);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Consentimiento informado' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Riesgos', exact: true })).toBeVisible();
    await expect(page.getByText('Pendiente de firma')).toBeVisible();
    await page.getByRole('textbox', { name: /Número de documento del paciente/ }).fill('12345678Z');

    // The signature, drawn with the mouse on the canvas (pointer events).
    const pad = page.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    await page.mouse.move(box.x + 30, box.y + 120);
    await page.mouse.down();
    for (const [dx, dy] of [
      [60, -70],
      [110, -10],
      [160, -80],
      [220, -20],
      [280, -60],
    ] as const) {
      await page.mouse.move(box.x + 30 + dx, box.y + 120 + dy, { steps: 6 });
    }
    await page.mouse.up();
    await expect(page.getByText('Firma dibujada (1 trazo).')).toBeVisible();
    // No horizontal scroll at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, '/consentimiento (firma en el móvil)');

    await page.getByRole('button', { name: 'Firmar el consentimiento' }).click();
    await expect(page.getByText('Has firmado este consentimiento. Gracias.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Descargar el documento en PDF' })).toBeVisible();
    // The link is used: signing again through it is refused.
    const again = await page.request.post(`/api/consentimientos/${link.split('/consentimiento/')[1]}/decision`, {
      headers: { Origin: baseUrl() },
      data: {
        decision: 'rechazo',
        signerName: 'Rocío Firma Móvil',
        signerDocument: '12345678Z',
        signature: { method: 'nombre', typedName: 'Rocío Firma Móvil' },
      },
    });
    expect(again.status()).toBe(409);

    // The doctor's consultation screen shows it signed.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInViaApi(page, TRAUMA.email, DEMO_PASSWORD);
    await page.goto(`/doctor/citas/${appointmentId}`);
    await expect(page.getByLabel(/Consentimiento «.*infiltración.*»: Firmado/)).toBeVisible();
  });
});
