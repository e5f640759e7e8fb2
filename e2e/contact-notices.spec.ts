import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  DEMO,
  DEMO_PASSWORD,
  eveningBaseUrl,
  eveningTest as test,
  expect,
  label,
  patientPayload,
  uniqueEmail,
} from './fixtures';

/**
 * A patient without e-mail, on the Wednesday evening of the issue (19:30, 14 January 2026): the desk puts
 * her on the waiting list and is warned she gets no offers by e-mail; an afternoon slot of Thursday is freed
 * and the desk is told to call her (a task), while the public page does not offer the held slot; then the
 * desk books her into it and is told to call her about that too.
 */
const THURSDAY = '2026-01-15';
const thursdayAt = (time: string) => new Date(`${THURSDAY}T${time}:00+01:00`).toISOString();

async function post(request: APIRequestContext, url: string, data: unknown) {
  const response = await request.post(url, { data, headers: { Origin: eveningBaseUrl() } });
  expect(response.ok(), `${url}: ${await response.text()}`).toBeTruthy();
  return response.json();
}

/** A doctor of our own who sees patients on Thursday afternoons (16:00–17:00), both slots of the 15th booked. */
async function afternoonDoctor(request: APIRequestContext, suffix: string) {
  const specialty = await post(request, '/api/specialties', { name: `Avisos ${suffix}` });
  const name = `Dra. Avisos ${suffix}`;
  const doctor = await post(request, '/api/doctors', {
    email: uniqueEmail('doctora-avisos'),
    displayName: name,
    phone: '',
    specialtyId: specialty.id,
    licenseNumber: `28${String(Date.now()).slice(-6)}`,
    bio: '',
    photoUrl: '',
    color: '#1c7ed6',
    appointmentMinutes: 30,
    active: true,
    schedule: [{ weekday: 4, start: '16:00', end: '17:00' }],
  });
  await post(request, `/api/doctors/${doctor.id}/absences`, {
    startDate: '2026-01-16',
    endDate: '2026-06-30',
    reason: 'Vacaciones',
  });
  const holder = await post(
    request,
    '/api/patients',
    patientPayload({ firstName: 'Titular', lastName: `Avisos ${suffix}`, email: uniqueEmail('titular') }),
  );
  for (const time of ['16:00', '16:30']) {
    await post(request, '/api/appointments', {
      patientId: holder.id,
      doctorId: doctor.id,
      startsAt: thursdayAt(time),
      reason: 'Control',
      channel: 'telefono',
    });
  }
  return {
    specialty: specialty.name as string,
    doctor: { id: doctor.id as string, name },
    holder: `Titular Avisos ${suffix}`,
  };
}

const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

test('recepción y una paciente sin correo: aviso en la lista de espera, tarea al liberarse un hueco que queda guardado, y aviso al reservarle', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
    headers: { Origin: eveningBaseUrl() },
  });
  expect(signIn.ok()).toBeTruthy();
  const { specialty, doctor, holder } = await afternoonDoctor(page.request, suffix);
  const lucia = await post(
    page.request,
    '/api/patients',
    patientPayload({ firstName: 'Lucía', lastName: `Sincorreo ${suffix}`, sex: 'mujer', phone: '+34 600 321 654' }),
  );
  const name = `Lucía Sincorreo ${suffix}`;

  // 1. The desk puts her on the list: the form warns that she gets no offers by e-mail.
  await page.goto('/admin/lista-de-espera');
  await page.getByRole('button', { name: 'Añadir a la lista' }).click();
  const dialog = page.getByRole('dialog', { name: 'Añadir a la lista de espera' });
  await dialog.getByRole('combobox', { name: label('Paciente') }).fill(`Sincorreo ${suffix}`);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  const warning = dialog.getByRole('alert').filter({ hasText: 'Sin correo electrónico' });
  await expect(warning).toContainText(
    'Lucía no tiene correo electrónico: no podrá recibir las ofertas de huecos por correo.',
  );
  await expect(warning).toContainText('recepción recibirá una tarea «Llamar a Lucía…»');
  await expectNoAxeViolations(page, 'el aviso de paciente sin correo en la lista de espera', '[role="dialog"]');
  await dialog.getByRole('combobox', { name: label('Especialidad') }).click();
  await page.getByRole('option', { name: specialty, exact: true }).click();
  await dialog.getByRole('combobox', { name: label('Profesional') }).click();
  await page.getByRole('option', { name: doctor.name, exact: true }).click();
  await dialog.getByRole('button', { name: 'Añadir a la lista' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Añadido a la lista de espera')).toContainText(`${name} no tiene correo electrónico`);
  const table = page.getByRole('table', { name: 'Lista de espera' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Sin correo: se le avisa por teléfono');
  await expect(row).toContainText('Esperando');

  // 2. Thursday's 16:00 is freed from the diary: the desk is told to call her, and a task is there.
  await page.goto(`/admin/citas-hoy?fecha=${THURSDAY}`);
  const booked = page.getByRole('listitem', { name: `16:00, ${holder}`, exact: true });
  await booked.getByRole('button', { name: 'Cancelar' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar la cita' });
  await cancel.getByRole('textbox', { name: /Motivo de la cancelación/ }).fill('La paciente ha llamado para anular');
  await cancel.getByRole('button', { name: 'Cancelar la cita' }).click();
  const call = toast(page, 'Avisa por teléfono');
  await expect(call).toContainText('Lucía no tiene correo electrónico: llámala para ofrecerle el hueco.');
  await expect(call).toContainText(
    `Tarea creada: «Llamar a ${name} (+34 600 321 654) para ofrecerle el hueco del jueves, 15 de enero de 2026, 16:00».`,
  );
  await expectNoAxeViolations(page, 'el aviso de llamada tras liberar un hueco');

  // Held for the list: a visitor does not see it on the public page.
  const visitor = await playwright.request.newContext({ baseURL: eveningBaseUrl() });
  const publicSlots = await (
    await visitor.get(`/api/public/availability?doctorId=${doctor.id}&from=${THURSDAY}&to=${THURSDAY}`)
  ).json();
  expect(publicSlots.doctors[0].slots).toEqual([]);
  await visitor.dispose();

  await page.goto('/admin/tareas');
  await expect(
    page
      .getByText(`Llamar a ${name} (+34 600 321 654) para ofrecerle el hueco del jueves, 15 de enero de 2026, 16:00`)
      .first(),
  ).toBeVisible();
  await page.goto('/admin/lista-de-espera');
  await expect(row).toContainText('Oferta enviada');
  await expect(row).toContainText('Llamada en las tareas');

  // 3. She says yes on the phone: the desk books her into the held slot and is told to confirm it to her.
  await page.goto(
    `/admin/citas/nueva?patientId=${lucia.id}&doctorId=${doctor.id}&startsAt=${encodeURIComponent(thursdayAt('16:00'))}`,
  );
  const form = page.getByRole('form', { name: 'Nueva cita' });
  await expect(form.getByRole('alert').filter({ hasText: 'Sin correo electrónico' })).toContainText(
    'Lucía no tiene correo electrónico: no recibirá la confirmación ni los avisos de la cita.',
  );
  await expect(form.getByText('16:00 · guardada')).toBeVisible();
  await expect(form.getByText(/«Guardada»: ofrecida a la lista de espera hasta las/)).toBeVisible();
  await expectNoAxeViolations(page, 'la nueva cita de una paciente sin correo, con una hora guardada');
  await form.getByRole('textbox', { name: label('Motivo de la consulta') }).fill('Revisión');
  await form.getByRole('button', { name: 'Reservar cita' }).click();
  const booking = toast(page, 'Avisa por teléfono').filter({ hasText: 'para confirmarle su cita' });
  await expect(booking).toContainText('Lucía no tiene correo electrónico: llámala para avisarle.');
  await expect(booking).toContainText(`Tarea creada: «Llamar a ${name} (+34 600 321 654) para confirmarle su cita».`);
  await expectNoAxeViolations(page, 'el aviso de llamada tras reservar a una paciente sin correo');
});
