import type { APIRequestContext, Page } from '@playwright/test';
import { OFFER_TAKEN_MESSAGE } from '../src/common/schemas/waiting-list';
import { expectNoAxeViolations } from './axe';
import {
  baseUrl,
  DEMO,
  DEMO_PASSWORD,
  expect,
  label,
  newClinicContext,
  patientPayload,
  readMailsTo,
  test,
  uniqueEmail,
  type ReceivedMail,
} from './fixtures';

/**
 * The waiting list end to end: two people wait for a doctor whose only slot is taken; the desk cancels
 * it; after the undo window both get the offer; the first to open the link has the appointment and the
 * second is told it is taken. The clinic's clock starts on Monday 12 January 2026 (e2e/global-setup.ts).
 */
const WEDNESDAY_10 = new Date('2026-01-14T10:00:00+01:00').toISOString();
const shots = process.env.WL_SHOTS;

async function post(request: APIRequestContext, url: string, data: unknown) {
  const response = await request.post(url, { data, headers: { Origin: baseUrl() } });
  expect(response.ok(), `${url}: ${await response.text()}`).toBeTruthy();
  return response.json();
}

/** A specialty and a doctor of our own with one slot a week (Wednesdays 10:00–10:30): the only one left, 14 January, already booked. */
async function fullDoctor(request: APIRequestContext, suffix: string) {
  const specialty = await post(request, '/api/specialties', { name: `Espera ${suffix}` });
  const doctor = await post(request, '/api/doctors', {
    email: uniqueEmail('doctora-espera'),
    displayName: `Dra. Espera ${suffix}`,
    phone: '',
    specialtyId: specialty.id,
    licenseNumber: `28${String(Date.now()).slice(-6)}`,
    bio: '',
    photoUrl: '',
    color: '#1c7ed6',
    appointmentMinutes: 30,
    active: true,
    schedule: [{ weekday: 3, start: '10:00', end: '10:30' }],
  });
  // Away after that Wednesday: no other free time the list could be offered first (the periodic match offers
  // times already free, and the visitor's default range covers the next weeks).
  await post(request, `/api/doctors/${doctor.id}/absences`, {
    startDate: '2026-01-15',
    endDate: '2026-06-30',
    reason: 'Vacaciones',
  });
  const holder = await post(
    request,
    '/api/patients',
    patientPayload({ firstName: 'Titular', lastName: `Espera ${suffix}` }),
  );
  const appointment = await post(request, '/api/appointments', {
    patientId: holder.id,
    doctorId: doctor.id,
    startsAt: WEDNESDAY_10,
    reason: '',
    channel: 'telefono',
  });
  return {
    specialty: specialty.name as string,
    doctor: { id: doctor.id as string, name: `Dra. Espera ${suffix}` },
    appointmentId: appointment.id as string,
  };
}

const offerLink = (mail: ReceivedMail) => {
  const link = /https?:\/\/[^\s"'<>]+\/lista-de-espera\/[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No offer link in «${mail.subject}»`);
  return link;
};

async function screenshot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('una hora liberada va a la lista de espera: la primera persona la reserva y la segunda ve que está ocupada', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
    headers: { Origin: baseUrl() },
  });
  expect(signIn.ok()).toBeTruthy();
  const { specialty, doctor, appointmentId } = await fullDoctor(page.request, suffix);
  const first = { firstName: 'Primera', lastName: `Espera ${suffix}`, email: uniqueEmail('primera') };
  const second = { firstName: 'Segunda', lastName: `Espera ${suffix}`, email: uniqueEmail('segunda') };

  // The first joins from /agendar-cita, beside the slot picker that has no time for this doctor.
  const firstContext = await newClinicContext(browser);
  const firstPage = await firstContext.newPage();
  await firstPage.goto('/agendar-cita');
  await firstPage
    .getByRole('radiogroup', { name: 'Especialidad' })
    .getByRole('radio', { name: specialty, exact: true })
    .click();
  await firstPage.getByRole('radio', { name: new RegExp(doctor.name) }).click();
  await firstPage.getByRole('button', { name: 'Continuar' }).click();
  await firstPage.getByRole('button', { name: 'Avísame si se libera una hora' }).click();
  const dialog = firstPage.getByRole('dialog', { name: 'Avísame si se libera una hora' });
  await expect(dialog.getByRole('combobox', { name: label('Profesional') })).toHaveValue(doctor.name);
  await dialog.getByRole('textbox', { name: label('Nombre') }).fill(first.firstName);
  await dialog.getByRole('textbox', { name: label('Apellidos') }).fill(first.lastName);
  await dialog.getByRole('textbox', { name: label('Correo electrónico') }).fill(first.email);
  await dialog.getByRole('textbox', { name: label('Teléfono') }).fill('+34 600 555 111');
  await dialog.getByRole('checkbox', { name: /política de privacidad/ }).check();
  await expectNoAxeViolations(firstPage, 'el formulario de la lista de espera', '[role="dialog"]');
  await screenshot(firstPage, 'lista-espera-formulario');
  await dialog.getByRole('button', { name: 'Apuntarme a la lista' }).click();
  await expect(dialog.getByText('Estás en la lista de espera')).toBeVisible();
  // The answer is the wish as recorded (nothing of the record it went to), shown back to her.
  await expect(dialog.getByText(`${doctor.name} (${specialty})`)).toBeVisible();

  // The second joins a moment later (through the same public endpoint).
  await post(page.request, '/api/public/waiting-list', {
    doctorId: doctor.id,
    specialtyId: null,
    fromDate: '2026-01-12',
    toDate: '2026-01-20',
    ...second,
    phone: '+34 600 555 222',
    acceptPrivacy: true,
  });

  // The desk sees both waiting, then cancels the booked appointment: the slot is free.
  await page.goto('/admin/lista-de-espera');
  const table = page.getByRole('table', { name: 'Lista de espera' });
  for (const person of [first, second]) {
    await expect(
      table.getByRole('row', { name: new RegExp(`${person.firstName} ${person.lastName}.*Esperando`) }),
    ).toBeVisible();
  }
  await post(page.request, `/api/appointments/${appointmentId}/status`, {
    status: 'cancelada',
    reason: 'El paciente no puede venir',
  });

  // After the undo window both receive the offer.
  const [firstMail] = await readMailsTo(first.email, { timeout: 45_000 });
  const [secondMail] = await readMailsTo(second.email, { timeout: 45_000 });
  for (const mail of [firstMail!, secondMail!]) {
    expect(mail.subject).toBe('Se ha liberado una hora: miércoles, 14 de enero de 2026, 10:00');
    expect(mail.text).toContain('la hora es para quien abra antes el enlace');
  }
  await page.reload();
  await expect(
    table.getByRole('row', { name: new RegExp(`${first.firstName} ${first.lastName}.*Oferta enviada`) }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'la lista de espera de administración');
  await screenshot(page, 'lista-espera-admin');
  // The desk's own form (any patient, a note) is there too.
  await page.getByRole('button', { name: 'Añadir a la lista' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Añadir a la lista de espera' });
  await expect(addDialog.getByRole('textbox', { name: label('Nota para recepción') })).toBeVisible();
  await expectNoAxeViolations(page, 'el formulario de recepción de la lista de espera', '[role="dialog"]');
  await screenshot(page, 'lista-espera-admin-anadir');
  await addDialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(addDialog).toBeHidden();

  // The first opens the link: the page books the slot.
  await firstPage.goto(offerLink(firstMail!));
  await expect(firstPage.getByText('¡Cita reservada!')).toBeVisible();
  await expect(firstPage.getByText(/14 de enero de 2026.*10:00/i)).toBeVisible();
  await screenshot(firstPage, 'lista-espera-reservada');
  const day = await page.request.get('/api/appointments?from=2026-01-14&to=2026-01-14&pageSize=100');
  const body = await day.json();
  const items = (body.items ?? body) as { doctorId: string; patientName: string; status: string; startsAt: string }[];
  const live = items.filter((item) => item.doctorId === doctor.id && item.status !== 'cancelada');
  expect(live.map((item) => [item.patientName, item.startsAt])).toEqual([
    [`${first.firstName} ${first.lastName}`, WEDNESDAY_10],
  ]);

  // The second opens hers: taken, and she stays on the list.
  const secondContext = await newClinicContext(browser);
  const secondPage = await secondContext.newPage();
  await secondPage.goto(offerLink(secondMail!));
  const refused = secondPage.getByRole('alert');
  await expect(refused).toContainText('Esta hora ya está ocupada');
  await expect(refused).toContainText(OFFER_TAKEN_MESSAGE);
  await expectNoAxeViolations(secondPage, 'la oferta ya ocupada');
  await screenshot(secondPage, 'lista-espera-ocupada');
  await page.reload();
  await expect(
    table.getByRole('row', { name: new RegExp(`${second.firstName} ${second.lastName}.*Esperando`) }),
  ).toBeVisible();
  await expect(
    table.getByRole('row', { name: new RegExp(`${first.firstName} ${first.lastName}.*Reservada`) }),
  ).toBeVisible();
  await firstContext.close();
  await secondContext.close();
});

test('una paciente se apunta a la lista de espera desde «Mis citas», la ve y sale de ella', async ({ page }) => {
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: DEMO.paciente.email, password: DEMO_PASSWORD },
    headers: { Origin: baseUrl() },
  });
  expect(signIn.ok()).toBeTruthy();
  await page.goto('/pacientes/citas');
  const section = page.getByRole('region', { name: 'Lista de espera' }).first();
  await expect(section.getByText('No estás en ninguna lista de espera.')).toBeVisible();
  await section.getByRole('button', { name: 'Avísame si se libera una hora' }).click();
  const dialog = page.getByRole('dialog', { name: 'Avísame si se libera una hora' });
  await dialog.getByRole('combobox', { name: label('Especialidad') }).click();
  await page.getByRole('option', { name: 'Medicina familiar', exact: true }).click();
  // Only the services of the specialty bookable online, with their length: offers will be of that length.
  await dialog.getByRole('combobox', { name: label('Servicio') }).click();
  await expect(page.getByRole('option')).toHaveCount(3);
  await expect(page.getByRole('option', { name: 'Certificado médico · 15 min' })).toBeVisible();
  await page.getByRole('option', { name: 'Revisión · 20 min' }).click();
  await dialog.getByRole('combobox', { name: label('Momento del día') }).click();
  await page.getByRole('option', { name: 'Tarde (desde las 14:00)' }).click();
  await dialog.getByRole('button', { name: 'Apuntarme a la lista' }).click();
  await expect(dialog.getByText('Estás en la lista de espera')).toBeVisible();
  await dialog.getByRole('button', { name: 'Entendido' }).click();

  await expect(section.getByText('Cualquier profesional de Medicina familiar · Revisión')).toBeVisible();
  await expect(section.getByText(/Tarde \(desde las 14:00\)/)).toBeVisible();
  await expect(section.getByText('Esperando')).toBeVisible();
  await expectNoAxeViolations(page, 'la lista de espera de la paciente');
  await screenshot(page, 'lista-espera-paciente');
  await section.getByRole('button', { name: 'Salir de la lista' }).click();
  await expect(section.getByText('No estás en ninguna lista de espera.')).toBeVisible();
});
