import crypto from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  baseUrl,
  clinicNow,
  DEMO,
  DEMO_PASSWORD,
  expect,
  linkIn,
  newClinicContext,
  patientPayload,
  readMailsTo,
  reviewShot,
  signInViaApi,
  test,
  uniqueEmail,
} from './fixtures';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const uniqueWord = () =>
  Array.from(crypto.randomBytes(6), (byte) => 'abcdefghijklmnopqrstuvwxyz'[byte % 26])
    .join('')
    .replace(/^./, (first) => first.toUpperCase());

/** Today's date in Madrid (January: UTC+1) by the clinic's clock. */
const todayInMadrid = () => new Date(clinicNow().getTime() + 3_600_000).toISOString().slice(0, 10);

/** A patient of our own with an appointment with the demo doctor tonight (outside hours: no other spec books there). */
async function bookTonight(request: APIRequestContext, lastName: string) {
  const headers = { Origin: baseUrl() };
  const signIn = await request.post('/api/auth/sign-in', {
    headers,
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
  });
  expect(signIn.ok()).toBeTruthy();
  const doctors = (await (await request.get('/api/doctors')).json()) as { id: string; displayName: string }[];
  const doctor = doctors.find((item) => item.displayName === DEMO.doctor.name)!;
  const created = await request.post('/api/patients', {
    headers,
    data: patientPayload({ firstName: 'Nora', lastName }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const patientId = ((await created.json()) as { id: string }).id;
  for (let minute = 0; minute < 60; minute += 10) {
    const startsAt = new Date(`${todayInMadrid()}T21:${String(minute).padStart(2, '0')}:00+01:00`);
    const booked = await request.post('/api/appointments', {
      headers,
      data: {
        patientId,
        doctorId: doctor.id,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 10 * 60_000).toISOString(),
        reason: 'Dolor de espalda',
        channel: 'telefono',
        allowOutsideHours: true,
      },
    });
    if (booked.status() === 201) return { patientId, appointmentId: ((await booked.json()) as { id: string }).id };
    expect(booked.status(), await booked.text()).toBe(409);
  }
  throw new Error('No free time tonight for the demo doctor');
}

/** The Traumatología doctor of the demo, who performs «Infiltración» (the demo's infiltration consent). */
const TRAUMA = { email: 'dra.navarro@clinica.demo', name: 'Dra. Elena Navarro Castro' };

/**
 * A first visit for «Infiltración» tonight (22:00–23:00, outside hours), booked by the desk for a new patient whose
 * record says «penicilina »: the booking asks the infiltration consent and the first-visit questionnaire. Through
 * the e-mail's links she signs the consent and sends her answers (Enalapril, and Penicilina again).
 */
async function firstVisitAnsweredAndSigned(request: APIRequestContext, email: string) {
  const headers = { Origin: baseUrl() };
  expect(
    (
      await request.post('/api/auth/sign-in', { headers, data: { email: DEMO.admin.email, password: DEMO_PASSWORD } })
    ).ok(),
  ).toBeTruthy();
  const doctors = (await (await request.get('/api/doctors')).json()) as { id: string; displayName: string }[];
  const services = (await (await request.get('/api/services')).json()) as { id: string; name: string }[];
  const created = await request.post('/api/patients', {
    headers,
    data: patientPayload({ firstName: 'Alba', lastName: `${uniqueWord()} Enalapril`, email, allergies: 'penicilina ' }),
  });
  expect(created.status(), await created.text()).toBe(201);
  let appointmentId: string | undefined;
  for (let minute = 0; minute < 60 && !appointmentId; minute += 20) {
    const startsAt = new Date(`${todayInMadrid()}T22:${String(minute).padStart(2, '0')}:00+01:00`);
    const booked = await request.post('/api/appointments', {
      headers,
      data: {
        patientId: ((await created.json()) as { id: string }).id,
        doctorId: doctors.find((item) => item.displayName === TRAUMA.name)!.id,
        serviceId: services.find((item) => item.name === 'Infiltración')!.id,
        startsAt: startsAt.toISOString(),
        reason: '',
        channel: 'telefono',
        allowOutsideHours: true,
      },
    });
    if (booked.status() === 201) appointmentId = ((await booked.json()) as { id: string }).id;
    else expect(booked.status(), await booked.text()).toBe(409);
  }
  expect(appointmentId, 'a free time tonight for the Traumatología doctor').toBeTruthy();
  const [mail] = await readMailsTo(email);
  const tokenOf = (pattern: RegExp) =>
    linkIn(mail!, new URL(pattern.exec(mail!.text)![0]).pathname)
      .split('/')
      .at(-1)!;
  const signed = await request.post(
    `/api/consentimientos/${tokenOf(/https?:\/\/[^\s]+\/consentimiento\/[^\s]+/)}/decision`,
    {
      headers,
      data: {
        decision: 'firma',
        signerName: 'Alba Prueba Enalapril',
        signerDocument: '12345678Z',
        signature: { method: 'nombre', typedName: 'Alba Prueba Enalapril' },
      },
    },
  );
  expect(signed.status(), await signed.text()).toBe(200);
  const sent = await request.post(
    `/api/questionnaire-links/${tokenOf(/https?:\/\/[^\s"'<>]*\/cuestionario\/[^\s"'<>]+/)}/submit`,
    {
      headers,
      data: {
        answers: {
          motivo: 'Dolor de rodilla',
          alergias: { none: false, items: [{ substance: 'Penicilina', reaction: 'Urticaria' }] },
          medicacion: { none: false, items: [{ name: 'Enalapril', dose: '10 mg, uno al día' }] },
          fuma: { value: false, detail: '' },
        },
      },
    },
  );
  expect(sent.status(), await sent.text()).toBe(200);
  return appointmentId!;
}

test.describe('Nota de la consulta e historia clínica', () => {
  test('the doctor writes, autosaves, signs and amends the note; the admin reads it in the chart and the audit log', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const lastName = `${uniqueWord()} Consulta`;
    const patientName = `Nora ${lastName}`;
    const { patientId } = await bookTonight(page.context().request, lastName);
    await page.context().clearCookies();

    // The doctor opens the appointment from her agenda.
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD);
    await page.goto('/doctor/citas');
    await page.getByRole('button', { name: new RegExp(patientName) }).click();
    await page.getByRole('link', { name: 'Abrir la consulta y la nota' }).click();
    await expect(heading(page, 'Consulta')).toBeVisible();
    await expect(page.getByText('Borrador sin empezar')).toBeVisible();
    await expectNoAxeViolations(page, 'el editor de la nota');

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/note') && response.request().method() === 'PUT' && response.ok(),
    );
    await page.getByLabel('Motivo de consulta').fill('Dolor lumbar de tres días');
    await page.getByLabel('Exploración').fill('Contractura paravertebral derecha');
    await page.getByLabel('Diagnóstico', { exact: true }).fill('Lumbalgia mecánica');
    await page.getByLabel('Código CIE-10 (opcional)').fill('M54.5');
    await page.getByLabel('Plan').fill('Calor local y estiramientos');
    await saved;
    await expect(page.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();

    // The draft is on the server: a reload finds it.
    await page.reload();
    await expect(page.getByLabel('Diagnóstico', { exact: true })).toHaveValue('Lumbalgia mecánica');
    await expect(page.getByLabel('Plan')).toHaveValue('Calor local y estiramientos');
    await expect(page.getByText('Guardado')).toBeVisible();

    await page.getByRole('button', { name: 'Firmar nota' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Firmar la nota?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Firmar', exact: true }).click();
    await expect(page.getByText('Firmada', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Firmada por Dra\. Lucía Fernández Gómez/)).toBeVisible();
    await expect(page.getByLabel('Diagnóstico', { exact: true })).toHaveCount(0);

    await page.getByLabel('Nueva adenda').fill('Radiografía lumbar sin hallazgos.');
    await page.getByRole('button', { name: 'Añadir adenda' }).click();
    const addenda = page.getByRole('region', { name: 'Adendas' });
    await expect(addenda.getByText('Radiografía lumbar sin hallazgos.')).toBeVisible();
    await expect(addenda.getByText(/^Dra\. Lucía Fernández Gómez · /)).toBeVisible();
    await expectNoAxeViolations(page, 'la nota firmada con su adenda');

    // The admin opens the patient's chart: the appointment and the signed note in the timeline.
    const adminContext = await newClinicContext(browser);
    const admin = await adminContext.newPage();
    await signInViaApi(admin, DEMO.admin.email, DEMO_PASSWORD);
    await admin.goto(`/admin/pacientes/${patientId}`);
    await expect(heading(admin, 'Ficha del paciente')).toBeVisible();
    const timeline = admin.getByRole('list', { name: 'Historia clínica, lo más reciente primero' });
    const noteItem = timeline.getByRole('listitem').filter({ hasText: 'Nota clínica' });
    await expect(noteItem).toContainText('Lumbalgia mecánica (M54.5)');
    await expect(noteItem).toContainText('Firmada');
    await expect(timeline.getByRole('listitem').filter({ hasText: 'Dolor de espalda' })).toContainText('Confirmada');
    await noteItem.getByRole('button', { name: 'Ver la nota' }).click();
    await expect(noteItem.getByText('Radiografía lumbar sin hallazgos.')).toBeVisible();
    await expect(noteItem.getByRole('textbox')).toHaveCount(0);
    await expectNoAxeViolations(admin, 'la historia clínica');

    // The audit log lists what was done to the note.
    await admin.goto(`/admin/auditoria?patientId=${patientId}&entity=clinical_note`);
    await expect(heading(admin, 'Registro de accesos')).toBeVisible();
    for (const action of [
      'Alta · Nota clínica',
      'Firma · Nota clínica',
      'Adenda · Nota clínica',
      'Consulta · Nota clínica',
    ]) {
      await expect(admin.getByText(action).first()).toBeVisible();
    }
    await adminContext.close();
  });

  test('the demo paciente reads the summary the doctor shared on a past appointment, and nothing of the note', async ({
    page,
  }) => {
    await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD);
    await page.goto('/pacientes/citas');
    await expect(heading(page, 'Mis citas')).toBeVisible();
    await page.getByRole('tab', { name: 'Anteriores' }).click();
    const summary = page.getByRole('region', { name: 'Resumen de la visita' });
    await expect(summary).toHaveCount(1);
    await expect(summary).toContainText('Diagnóstico:');
    await expect(page.getByText('Exploración')).toHaveCount(0);
    await expectNoAxeViolations(page, 'las citas anteriores con el resumen de la visita');
  });

  test('beside the note the doctor sees the visit’s consent with its PDF and the medication declared that morning, at 1280 and 390 px', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const appointmentId = await firstVisitAnsweredAndSigned(page.context().request, uniqueEmail('consulta'));
    await page.context().clearCookies();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInViaApi(page, TRAUMA.email, DEMO_PASSWORD);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`/doctor/citas/${appointmentId}`);
      await expect(heading(page, 'Consulta')).toBeVisible();
      const consents = page.getByRole('region', { name: 'Consentimientos' });
      await expect(consents.getByLabel(/Consentimiento «.*infiltración.*»: Firmado/i)).toBeVisible();
      const pdf = consents.getByRole('link', { name: /^Ver PDF de «/ });
      await expect(pdf).toBeVisible();
      const answers = page.getByRole('region', { name: 'Cuestionarios' });
      const medication = answers.getByRole('list', { name: 'Medicación declarada' });
      await expect(medication.getByText('Enalapril — 10 mg, uno al día')).toBeVisible();
      await expect(answers.getByRole('button', { name: 'Copiar a la historia (medicación: Enalapril)' })).toBeVisible();
      // «Penicilina» is the record's «penicilina »: already in the record, not offered.
      await expect(
        answers.getByRole('list', { name: 'Alergias declaradas' }).getByText('En la historia'),
      ).toBeVisible();
      await expect(answers.getByRole('button', { name: /Penicilina/ })).toHaveCount(0);
      // 1280 px: a side column left of the note; 390 px: above it, no horizontal scroll.
      const side = (await answers.boundingBox())!;
      const note = (await page.getByLabel('Motivo de consulta').boundingBox())!;
      if (width === 1280) expect(side.x + side.width).toBeLessThanOrEqual(note.x);
      else {
        expect(side.y + side.height).toBeLessThanOrEqual(note.y);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
      await reviewShot(page, `consulta-${width}.png`, { fullPage: true });
      await expectNoAxeViolations(page, `la consulta con consentimientos y cuestionarios a ${width} px`);
    }
    // The PDF opens for her: the signed document.
    const download = page.waitForEvent('download');
    await page
      .getByRole('region', { name: 'Consentimientos' })
      .getByRole('link', { name: /^Ver PDF de «/ })
      .click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  });
});
