import crypto from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import {
  baseUrl,
  clinicNow,
  DEMO,
  DEMO_PASSWORD,
  expect,
  label,
  newClinicContext,
  patientPayload,
  test,
} from './fixtures';

/**
 * Staff appointment screens (SPEC §5 Appointments): drag to reschedule in /admin/calendario, the live
 * diary of /admin/citas-hoy (Server-Sent Events) with its status actions, and cancelling with a reason.
 * Every test makes its own appointments (and, where it has to find them on screen, its own patient),
 * chosen at times that are free right now, so the tests run in any order, on any day and after other
 * files have booked whatever they booked.
 */

const ZONE = 'Europe/Madrid';
const SLOT_TAKEN = 'La hora elegida ya no está disponible. Elige otra.';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Doctor {
  id: string;
  displayName: string;
  specialty: string;
  appointmentMinutes: number;
}
interface Appointment {
  id: string;
  patientId: string;
  patientName: string;
  doctorId: string;
  startsAt: string;
  endsAt: string;
  reason: string;
  status: string;
  cancelReason: string | null;
}
interface Slot {
  startsAt: string;
  endsAt: string;
}

const suffix = () => crypto.randomBytes(3).toString('hex');

// ---------------------------------------------------------------- clinic time

/** «AAAA-MM-DD» of an instant in the clinic's zone. */
const dayIn = (at: Date | string) =>
  Temporal.Instant.fromEpochMilliseconds(new Date(at).getTime()).toZonedDateTimeISO(ZONE).toPlainDate().toString();
/** «HH:MM» of an instant in the clinic's zone. */
const timeIn = (at: Date | string) =>
  Temporal.Instant.fromEpochMilliseconds(new Date(at).getTime())
    .toZonedDateTimeISO(ZONE)
    .toPlainTime()
    .toString({ smallestUnit: 'minute' });
/** The instant of a clinic wall-clock day and time. */
const zoned = (day: string, time = '00:00') =>
  new Date(Temporal.PlainDateTime.from(`${day}T${time}`).toZonedDateTime(ZONE).epochMilliseconds);
const addDays = (day: string, days: number) => Temporal.PlainDate.from(day).add({ days }).toString();
/** «domingo, 22 de noviembre de 2026»: today (clinic time) as the form's day field shows it. */
const todayLong = () => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('es-ES', {
      timeZone: ZONE,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    })
      .formatToParts(clinicNow())
      .map((part) => [part.type, part.value]),
  );
  return new RegExp(`^${parts.weekday},? ${parts.day} de ${parts.month} de ${parts.year}$`, 'i');
};

/** «9:20–9:40» or «09:20–09:40»: how the calendar writes an event's times (leading zero optional). */
const timeRangePattern = (startsAt: Date, endsAt: Date) => {
  const hm = (at: Date) => timeIn(at).replace(/^0/, '0?');
  return new RegExp(`^${hm(startsAt)}–${hm(endsAt)}\\b`);
};

/** The hover text of an appointment in the calendar: «09:20–09:40 · Nombre · Confirmada · Dr. …». */
const tooltip = (startsAt: Date, endsAt: Date, patientName: string, doctorName: string) =>
  `${timeIn(startsAt)}–${timeIn(endsAt)} · ${patientName} · Confirmada · ${doctorName}`;

// ---------------------------------------------------------------- API helpers (signed-in admin)

/** Signs the page's context in through the API: the page and page.request share the cookie. */
async function signInViaApi(page: Page, email: string = DEMO.admin.email) {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email, password: DEMO_PASSWORD },
    headers: { Origin: baseUrl() },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), `${url}: ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

async function doctorNamed(request: APIRequestContext, displayName: string): Promise<Doctor> {
  const doctors = await getJson<Doctor[]>(request, '/api/doctors');
  const doctor = doctors.find((item) => item.displayName === displayName);
  if (!doctor) throw new Error(`No demo doctor «${displayName}»`);
  return doctor;
}

/** A patient record of our own, so its name finds exactly our appointments on screen. */
async function createPatient(request: APIRequestContext, firstName: string, lastName: string) {
  const response = await request.post('/api/patients', {
    headers: { Origin: baseUrl() },
    data: patientPayload({ firstName, lastName }),
  });
  expect(response.status(), await response.text()).toBe(201);
  const patient = (await response.json()) as { id: string; firstName: string; lastName: string };
  return { id: patient.id, name: `${patient.firstName} ${patient.lastName}` };
}

async function createAppointment(
  request: APIRequestContext,
  input: {
    patientId: string;
    doctorId: string;
    startsAt: Date;
    endsAt: Date;
    reason: string;
    allowOutsideHours?: boolean;
  },
): Promise<Appointment> {
  const response = await request.post('/api/appointments', {
    headers: { Origin: baseUrl() },
    data: {
      patientId: input.patientId,
      doctorId: input.doctorId,
      startsAt: input.startsAt.toISOString(),
      endsAt: input.endsAt.toISOString(),
      reason: input.reason,
      channel: 'telefono',
      allowOutsideHours: input.allowOutsideHours ?? false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Appointment;
}

const getAppointment = (request: APIRequestContext, id: string) =>
  getJson<Appointment>(request, `/api/appointments/${id}`);

/**
 * A start today (clinic time), soon after now, when `doctor` has nothing booked for `minutes` (the
 * suite's clock starts on a Monday morning: the day has room).
 * Times are multiples of 5 minutes, as the form's time picker offers them.
 */
async function freeTimeToday(request: APIRequestContext, doctorId: string, minutes: number): Promise<Date> {
  const today = dayIn(clinicNow());
  const dayStart = zoned(today);
  const dayEnd = zoned(addDays(today, 1));
  const booked = (
    await getJson<Appointment[]>(
      request,
      `/api/appointments/range?${new URLSearchParams({ from: dayStart.toISOString(), to: dayEnd.toISOString(), doctorId })}`,
    )
  ).filter((appointment) => appointment.status !== 'cancelada');
  const isFree = (start: number) =>
    start + minutes * MINUTE <= dayEnd.getTime() &&
    booked.every((a) => Date.parse(a.endsAt) <= start || Date.parse(a.startsAt) >= start + minutes * MINUTE);
  const step = 5 * MINUTE;
  const soon = Math.ceil((clinicNow().getTime() + 10 * MINUTE) / step) * step;
  for (let start = soon; start + minutes * MINUTE <= dayEnd.getTime(); start += step) {
    if (isFree(start)) return new Date(start);
  }
  throw new Error(`No free time left today for doctor ${doctorId}`);
}

// ---------------------------------------------------------------- screen helpers

/** The notifications (Mantine renders each as an alert) with the given title. */
const notification = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

/** A diary row: «HH:MM, Nombre Apellidos». */
const diaryRow = (page: Page, startsAt: Date | string, patientName: string) =>
  page.getByRole('listitem', { name: `${timeIn(startsAt)}, ${patientName}`, exact: true });
/** The row's status badge (the row also shows the patient's answer to the reminder, «Sin respuesta» or ✓✓). */
const statusBadge = (row: Locator) =>
  row
    .locator('.mantine-Badge-root')
    .filter({ hasText: /^(Pendiente|Confirmada|En sala|Atendida|Cancelada|No asistió)$/ });

/**
 * Drags a calendar event with the mouse by `minutes` (down on it, small moves, up). The time grid is
 * measured on the event itself: its box spans exactly its duration.
 */
async function dragEvent(page: Page, event: Locator, durationMinutes: number, minutes: number) {
  await event.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await event.boundingBox();
  if (!box) throw new Error('The event has no box');
  const slotBox = await event.locator('xpath=..').boundingBox();
  const pxPerMinute = (slotBox?.height ?? box.height) / durationMinutes;
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(6, box.height / 2);
  const dy = minutes * pxPerMinute;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 4, { steps: 2 });
  await page.mouse.move(x, y + dy, { steps: 12 });
  await page.mouse.up();
}

// ---------------------------------------------------------------- tests

test.describe('Citas (personal)', () => {
  test('an admin moves an appointment by dragging it in the calendar', async ({ page }) => {
    await signInViaApi(page);
    const doctor = await doctorNamed(page.request, 'Dr. Javier Ortega Ramos');
    const minutes = doctor.appointmentMinutes;

    // A weekday two to four weeks ahead with free slots at T, T+1 h and T+2 h: our appointment goes at
    // T, is dragged to T+1 h, and a second one at T+2 h is in the way of the next drag.
    const today = dayIn(clinicNow());
    const from = addDays(today, 15);
    const to = addDays(today, 35);
    const availability = await getJson<{ doctors: { id: string; slots: Slot[] }[] }>(
      page.request,
      `/api/public/availability?${new URLSearchParams({ doctorId: doctor.id, from, to })}`,
    );
    const free = new Set(
      availability.doctors.find((item) => item.id === doctor.id)!.slots.map((slot) => Date.parse(slot.startsAt)),
    );
    const start = [...free]
      .sort((a, b) => a - b)
      .find(
        (at) =>
          free.has(at + HOUR) && free.has(at + 2 * HOUR) && dayIn(new Date(at)) === dayIn(new Date(at + 2 * HOUR)),
      );
    if (start === undefined)
      throw new Error(`${doctor.displayName} has no free T, T+1h, T+2h between ${from} and ${to}`);
    const startsAt = new Date(start);
    const endsAt = new Date(start + minutes * MINUTE);
    const day = dayIn(startsAt);

    const patient = await createPatient(page.request, 'Arrastre', `Calendario ${suffix()}`);
    const reason = `Prueba de arrastre ${suffix()}`;
    const appointment = await createAppointment(page.request, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt,
      endsAt,
      reason,
    });
    const blocker = await createPatient(page.request, 'Ocupa', `Hueco ${suffix()}`);
    await createAppointment(page.request, {
      patientId: blocker.id,
      doctorId: doctor.id,
      startsAt: new Date(start + 2 * HOUR),
      endsAt: new Date(start + 2 * HOUR + minutes * MINUTE),
      reason: 'Cita que ocupa el hueco',
    });

    await page.goto(`/admin/calendario?${new URLSearchParams({ date: day, doctorId: doctor.id })}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
    // Filtered to the doctor: only their name in the legend, and their hours shaded.
    await expect(page.getByRole('list', { name: 'Colores de los profesionales' }).getByRole('listitem')).toHaveText([
      doctor.displayName,
    ]);
    const dayColumn = page.locator(`[role="cell"][data-date="${day}"]`);
    const event = dayColumn.getByRole('button', { name: new RegExp(patient.name) });
    await expect(event).toHaveAccessibleName(timeRangePattern(startsAt, endsAt));
    await expect(event).toHaveAttribute('title', tooltip(startsAt, endsAt, patient.name, doctor.displayName));

    // Drag one hour later.
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/appointments/${appointment.id}`) && response.request().method() === 'PATCH',
    );
    await dragEvent(page, event, minutes, 60);
    expect((await saved).status()).toBe(200);
    await expect(notification(page, 'Cita cambiada')).toBeVisible();
    await expect(notification(page, 'No se ha podido cambiar la cita')).toHaveCount(0);
    const movedStart = new Date(start + HOUR);
    const movedEnd = new Date(start + HOUR + minutes * MINUTE);
    await expect(event).toHaveAccessibleName(timeRangePattern(movedStart, movedEnd));
    // Its hover text tells the new time too (it used to keep the time it had when first drawn).
    await event.hover();
    await expect(event).toHaveAttribute('title', tooltip(movedStart, movedEnd, patient.name, doctor.displayName));
    const moved = await getAppointment(page.request, appointment.id);
    expect(Date.parse(moved.startsAt) - Date.parse(appointment.startsAt)).toBe(HOUR);
    expect(Date.parse(moved.endsAt) - Date.parse(appointment.endsAt)).toBe(HOUR);
    expect(moved.reason).toBe(reason);

    // Dragging it onto the doctor's other appointment one hour later is refused, and it goes back.
    // The patient has no e-mail, so the desk is also told to call her (a task is created).
    await expect(notification(page, 'Avisa por teléfono')).toContainText('Tarea creada');
    await notification(page, 'Cita cambiada').getByRole('button', { name: 'Cerrar el aviso' }).click();
    await expect(notification(page, 'Cita cambiada')).toHaveCount(0);
    await expect(page.getByLabel('Actualizando el calendario')).toHaveCount(0);
    const refused = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/appointments/${appointment.id}`) && response.request().method() === 'PATCH',
    );
    await dragEvent(page, event, minutes, 60);
    expect((await refused).status()).toBe(409);
    const error = notification(page, 'No se ha podido cambiar la cita');
    await expect(error).toBeVisible();
    await expect(error).toContainText(SLOT_TAKEN);
    await expect(error).toHaveAttribute('style', /--notification-color:\s*var\(--mantine-color-red-/);
    await expect(event).toHaveAccessibleName(timeRangePattern(movedStart, movedEnd));
    const unchanged = await getAppointment(page.request, appointment.id);
    expect(unchanged.startsAt).toBe(moved.startsAt);
    expect(unchanged.endsAt).toBe(moved.endsAt);
  });

  test('the diary updates live', async ({ page, browser, baseURL }) => {
    // Browser A: the diary, listening to the live events.
    await signInViaApi(page);
    const listening = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
    await page.goto('/admin/citas-hoy');
    await expect(page.getByRole('heading', { level: 1, name: 'Citas de hoy' })).toBeVisible();
    expect((await listening).status()).toBe(200);
    // The demo clinic has appointments on the suite's Monday.
    await expect(page.getByText(/^Total/).first()).toBeVisible();

    const doctor = await doctorNamed(page.request, 'Dra. Elena Navarro Castro');
    const startsAt = await freeTimeToday(page.request, doctor.id, doctor.appointmentMinutes);
    const time = timeIn(startsAt);
    // An existing demo patient, looked up the way the desk does: by surname.
    const patients = await getJson<{ items: { id: string; firstName: string; lastName: string }[] }>(
      page.request,
      '/api/patients?pageSize=40&page=2',
    );
    let chosen: { id: string; firstName: string; lastName: string } | undefined;
    for (const candidate of patients.items) {
      const namesakes = await getJson<{ items: { firstName: string; lastName: string }[] }>(
        page.request,
        `/api/patients?${new URLSearchParams({ q: candidate.lastName, pageSize: '100' })}`,
      );
      const same = namesakes.items.filter(
        (p) => p.firstName === candidate.firstName && p.lastName === candidate.lastName,
      );
      if (same.length === 1 && namesakes.items.length < 100) {
        chosen = candidate;
        break;
      }
    }
    if (!chosen) throw new Error('No demo patient with a name of their own');
    const patientName = `${chosen.firstName} ${chosen.lastName}`;
    await expect(diaryRow(page, startsAt, patientName)).toHaveCount(0);

    // Browser B: another admin books it in /admin/citas/nueva.
    const contextB = await newClinicContext(browser, { baseURL, locale: 'es-ES', timezoneId: ZONE });
    try {
      const pageB = await contextB.newPage();
      await signInViaApi(pageB);
      await pageB.goto('/admin/citas/nueva');
      await expect(pageB.getByRole('heading', { level: 1, name: 'Nueva cita' })).toBeVisible();

      const patientBox = pageB.getByRole('combobox', { name: label('Paciente') });
      await patientBox.fill(chosen.lastName);
      await pageB.getByRole('option', { name: patientName }).first().click();
      await expect(patientBox).toHaveValue(patientName);

      await pageB.getByRole('combobox', { name: label('Profesional') }).click();
      await pageB.getByRole('option', { name: `${doctor.displayName} · ${doctor.specialty}` }).click();
      // The day is today by default; the time is typed into the picker's hour and minute fields.
      await expect(pageB.getByRole('button', { name: label('Día') })).toHaveText(todayLong());
      const [hours, mins] = time.split(':');
      await pageB.getByRole('spinbutton', { name: 'Horas' }).click();
      await pageB.keyboard.type(hours!);
      await pageB.getByRole('spinbutton', { name: 'Minutos' }).click();
      await pageB.keyboard.type(mins!);
      await expect(pageB.locator('input[name="time"]')).toHaveValue(new RegExp(`^${time}(:00)?$`));
      await pageB.getByRole('textbox', { name: label('Motivo de la consulta') }).fill(`Diario en directo ${suffix()}`);
      await pageB.getByRole('button', { name: 'Reservar cita' }).click();

      // A Monday morning (the suite's clock) is inside the doctor's hours: booked without a question.
      await expect(notification(pageB, 'Cita reservada')).toBeVisible();
      await expect(pageB.getByRole('dialog', { name: '¿Reservar fuera del horario?' })).toHaveCount(0);
      await expect(pageB).toHaveURL((url) => url.pathname === '/admin/calendario');
    } finally {
      await contextB.close();
    }

    // A, without reloading, shows it at once (the fallback polling is once a minute).
    const row = diaryRow(page, startsAt, patientName);
    await expect(row).toBeVisible({ timeout: 10_000 });
    await expect(statusBadge(row)).toHaveText('Confirmada');
    const doctorColumn = page.getByRole('region', { name: doctor.displayName });
    await expect(doctorColumn.getByRole('listitem', { name: `${time}, ${patientName}`, exact: true })).toBeVisible();

    await row.getByRole('button', { name: 'Llegada' }).click();
    await expect(statusBadge(row)).toHaveText('En sala');
    await row.getByRole('button', { name: 'Atendida' }).click();
    await expect(statusBadge(row)).toHaveText('Atendida');
    // No status change is left; what is left is to invoice it.
    await expect(row.getByRole('button')).toHaveText(['Facturar']);
  });

  test('a cancellation needs a reason', async ({ page }) => {
    await signInViaApi(page);
    const doctor = await doctorNamed(page.request, 'Dr. Andrés Molina Prieto');
    const startsAt = await freeTimeToday(page.request, doctor.id, doctor.appointmentMinutes);
    const patient = await createPatient(page.request, 'Cancela', `Diario ${suffix()}`);
    const appointment = await createAppointment(page.request, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + doctor.appointmentMinutes * MINUTE),
      reason: 'Revisión',
      allowOutsideHours: true,
    });

    await page.goto('/admin/citas-hoy');
    const row = diaryRow(page, startsAt, patient.name);
    await expect(statusBadge(row)).toHaveText('Confirmada');
    await row.getByRole('button', { name: 'Cancelar' }).click();

    const dialog = page.getByRole('dialog', { name: 'Cancelar la cita' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(patient.name);
    await dialog.getByRole('button', { name: 'Cancelar la cita' }).click();
    await expect(dialog.getByText('Indica el motivo de la cancelación')).toBeVisible();
    await expect(dialog).toBeVisible();
    expect((await getAppointment(page.request, appointment.id)).status).toBe('confirmada');

    const cancelReason = `El paciente está de viaje ${suffix()}`;
    await dialog.getByRole('textbox', { name: label('Motivo de la cancelación') }).fill(cancelReason);
    await dialog.getByRole('button', { name: 'Cancelar la cita' }).click();
    await expect(dialog).toBeHidden();
    await expect(statusBadge(row)).toHaveText('Cancelada');
    await expect(row).toContainText(`Motivo de la cancelación: ${cancelReason}`);
    await expect(row.getByRole('button')).toHaveCount(0);

    const cancelled = await getAppointment(page.request, appointment.id);
    expect(cancelled.status).toBe('cancelada');
    expect(cancelled.cancelReason).toBe(cancelReason);
  });
});

test.describe('Nueva cita, historial y agenda de la doctora', () => {
  test('the desk books a caller who is not yet a patient, and finds the booking in the history and its CSV', async ({
    page,
  }) => {
    await signInViaApi(page);
    const doctor = await doctorNamed(page.request, 'Dr. Andrés Molina Prieto');
    // A free slot three to five weeks ahead: the form opens on it, as when a calendar slot is clicked.
    const today = dayIn(clinicNow());
    const availability = await getJson<{ doctors: { id: string; slots: Slot[] }[] }>(
      page.request,
      `/api/public/availability?${new URLSearchParams({ doctorId: doctor.id, from: addDays(today, 21), to: addDays(today, 35) })}`,
    );
    const slots = availability.doctors.find((item) => item.id === doctor.id)!.slots;
    const slot = slots[Math.floor(Math.random() * slots.length)];
    if (!slot) throw new Error(`${doctor.displayName} has no free slot three to five weeks ahead`);

    await page.goto(`/admin/citas/nueva?${new URLSearchParams({ doctorId: doctor.id, startsAt: slot.startsAt })}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Nueva cita' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Nueva cita' });
    await expect(form.getByRole('radio', { name: timeIn(slot.startsAt) })).toBeChecked();

    // The caller has no record yet: created without leaving the booking.
    const firstName = 'Inés';
    const lastName = `Llamada ${suffix()}`;
    await form.getByRole('button', { name: 'Nuevo paciente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo paciente' });
    await dialog.getByRole('textbox', { name: label('Nombre') }).fill(firstName);
    await dialog.getByRole('textbox', { name: label('Apellidos') }).fill(lastName);
    await dialog.getByRole('textbox', { name: label('Teléfono') }).fill('+34 633 222 111');
    await dialog.getByRole('button', { name: 'Crear paciente' }).click();
    await expect(dialog).toBeHidden();
    await expect(form.getByRole('combobox', { name: label('Paciente') })).toHaveValue(`${firstName} ${lastName}`);

    const reason = `Revisión por teléfono ${suffix()}`;
    await form.getByRole('textbox', { name: label('Motivo de la consulta') }).fill(reason);
    await form.getByRole('button', { name: 'Reservar cita' }).click();
    await expect(notification(page, 'Cita reservada')).toBeVisible();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/admin/calendario' && url.searchParams.get('date') === dayIn(slot.startsAt),
    );

    // The history, filtered to the new patient by typing their surname.
    await page.goto('/admin/citas');
    await expect(page.getByRole('heading', { level: 1, name: 'Historial de citas' })).toBeVisible();
    const picker = page.getByRole('combobox', { name: label('Paciente') });
    await picker.fill(lastName);
    await page.getByRole('option', { name: new RegExp(lastName) }).click();
    await expect(page).toHaveURL((url) => url.searchParams.has('patientId'));
    const table = page.getByRole('table', { name: 'Citas' });
    await expect(table.getByRole('row')).toHaveCount(2); // header + our appointment
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText(`${firstName} ${lastName}`);
    await expect(row).toContainText(timeIn(slot.startsAt));
    await expect(row).toContainText(doctor.displayName);
    await expect(row).toContainText(reason);
    await expect(row).toContainText('Teléfono');
    await expect(row).toContainText('Confirmada');

    // The CSV of what is filtered: our appointment only, for a Spanish spreadsheet.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^citas-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${firstName} ${lastName}`);
    expect(lines[1]).toContain(reason);

    // Opening the row shows the appointment with its history.
    await row.getByRole('button', { name: `${firstName} ${lastName}` }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText(reason);
    await expect(drawer).toContainText('Cita creada');
  });

  test('on a phone the history is a list of cards', async ({ page }) => {
    await signInViaApi(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/citas');
    await expect(page.getByRole('heading', { level: 1, name: 'Historial de citas' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Citas' }).getByRole('button');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Citas' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the doctor opens an appointment of her agenda and marks it attended', async ({ page, browser, baseURL }) => {
    // The desk books it (today, maybe outside her hours: staff may, after confirming).
    await signInViaApi(page);
    const doctor = await doctorNamed(page.request, DEMO.doctor.name);
    const startsAt = await freeTimeToday(page.request, doctor.id, doctor.appointmentMinutes);
    const endsAt = new Date(startsAt.getTime() + doctor.appointmentMinutes * MINUTE);
    const patient = await createPatient(page.request, 'Agenda', `Doctora ${suffix()}`);
    const appointment = await createAppointment(page.request, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt,
      endsAt,
      reason: 'Control de tensión',
      allowOutsideHours: true,
    });

    const context = await newClinicContext(browser, { baseURL });
    const doctorPage = await context.newPage();
    await signInViaApi(doctorPage, DEMO.doctor.email);
    await doctorPage.goto('/doctor/citas');
    await expect(doctorPage.getByRole('heading', { level: 1, name: 'Mis citas' })).toBeVisible();
    const item = doctorPage.getByRole('button', {
      name: new RegExp(`^${timeIn(startsAt)}–${timeIn(endsAt)} ${patient.name} .*: abrir la cita$`),
    });
    await item.click();
    const panel = doctorPage.getByRole('dialog');
    await expect(panel).toContainText(patient.name);
    await expect(panel).toContainText('Control de tensión');
    const actions = panel.getByRole('group', {
      name: `Cambiar el estado de la cita de ${patient.name} a las ${timeIn(startsAt)}`,
    });
    // Confirming or cancelling is the desk's: the doctor is not offered it.
    await expect(actions.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
    await actions.getByRole('button', { name: 'Atendida' }).click();
    // Never checked in: she states when the patient arrived (now is proposed before the start).
    await doctorPage
      .getByRole('dialog', { name: '¿A qué hora llegó?' })
      .getByRole('button', { name: 'Marcar como atendida' })
      .click();
    await expect(notification(doctorPage, 'Cita marcada como atendida')).toBeVisible();
    expect((await getAppointment(page.request, appointment.id)).status).toBe('atendida');
    await context.close();
  });
});

test.describe('Paneles', () => {
  test('the admin panel counts pending confirmations and leads to them; the doctor panel lists her day', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInViaApi(page);
    // Today's appointment of the demo doctor, booked by the desk.
    const doctor = await doctorNamed(page.request, DEMO.doctor.name);
    const startsAt = await freeTimeToday(page.request, doctor.id, doctor.appointmentMinutes);
    const patient = await createPatient(page.request, 'Panel', `Hoy ${suffix()}`);
    await createAppointment(page.request, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + doctor.appointmentMinutes * MINUTE),
      reason: 'Revisión del panel',
      allowOutsideHours: true,
    });

    const summary = await getJson<{ pendingConfirmations: number }>(page.request, '/api/dashboard/admin');
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Panel de la clínica' })).toBeVisible();
    await expect(page.getByText('Citas en estado «Pendiente»').locator('xpath=..')).toContainText(
      String(summary.pendingConfirmations),
    );
    // One occupancy row per active doctor (the chart's text alternative).
    const doctors = await getJson<Doctor[]>(page.request, '/api/doctors');
    await expect(page.getByRole('rowheader', { name: /^Ocupación de / })).toHaveCount(doctors.length);
    await page.getByRole('link', { name: 'Confirmarlas o rechazarlas' }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/admin/citas' &&
        url.searchParams.get('status') === 'pendiente' &&
        url.searchParams.get('from') === dayIn(clinicNow()),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Historial de citas' })).toBeVisible();

    const context = await newClinicContext(browser, { baseURL });
    const doctorPage = await context.newPage();
    await signInViaApi(doctorPage, DEMO.doctor.email);
    await doctorPage.goto('/doctor/dashboard');
    await expect(doctorPage.getByRole('heading', { name: /^Agenda de hoy \(\d+\)$/ })).toBeVisible();
    const row = doctorPage.getByRole('row').filter({ hasText: patient.name });
    await expect(row).toContainText(timeIn(startsAt));
    await expect(row).toContainText('Revisión del panel');
    await expect(doctorPage.getByRole('heading', { name: 'Siguiente paciente' })).toBeVisible();
    await context.close();
  });
});
