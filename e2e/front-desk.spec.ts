import fs from 'node:fs';
import { baseUrl, DEMO, DEMO_PASSWORD, expect, patientPayload, readMailsTo, test, uniqueEmail } from './fixtures';
import { expectNoAxeViolations } from './axe';

interface DiaryDay {
  date: string;
  doctors: { displayName: string; appointments: { patientName: string; status: string }[] }[];
}

// Several screens, axe and (for undo) the e-mail's whole hold window per test: more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
    headers: { Origin: baseUrl() },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
});

test('the desk opens another day in the diary with the buttons, the keys and the address, and comes back to today', async ({
  page,
}) => {
  // The suite's clinic day is Monday 12 January 2026; the demo clinic has appointments on Tuesday the 13th.
  const tuesday = (await (await page.request.get('/api/appointments/today?date=2026-01-13')).json()) as DiaryDay;
  const booked = tuesday.doctors.find((doctor) => doctor.appointments.some((a) => a.status !== 'cancelada'));
  expect(booked, 'the demo clinic books the next day').toBeDefined();
  const patient = booked!.appointments.find((a) => a.status !== 'cancelada')!.patientName;

  await page.goto('/admin/citas-hoy');
  await expect(page.getByRole('heading', { level: 1, name: 'Citas de hoy' })).toBeVisible();
  await expect(page.getByText('Lunes, 12 de enero de 2026')).toBeVisible();

  await page.getByRole('button', { name: 'Día siguiente' }).click();
  await expect(page.getByText('Martes, 13 de enero de 2026')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/citas-hoy\?fecha=2026-01-13$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Citas del día' })).toBeVisible();
  await expect(page.getByRole('region', { name: booked!.displayName }).getByText(patient).first()).toBeVisible();
  await expectNoAxeViolations(page, 'la agenda de otro día');

  // The keys: → a day on, ← a day back, H today (focus on the page, not in a field).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Miércoles, 14 de enero de 2026')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('Martes, 13 de enero de 2026')).toBeVisible();
  await page.keyboard.press('h');
  await expect(page.getByText('Lunes, 12 de enero de 2026')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/citas-hoy$/);

  // A reload or a shared link opens the same day.
  await page.goto('/admin/citas-hoy?fecha=2026-01-13');
  await expect(page.getByText('Martes, 13 de enero de 2026')).toBeVisible();
  await expect(page.getByRole('region', { name: booked!.displayName }).getByText(patient).first()).toBeVisible();
});

test('the history opens on today, finds a patient by any word, tells namesakes apart, and the CSV follows', async ({
  page,
}) => {
  const post = async (url: string, data: unknown) => {
    const response = await page.request.post(url, { data, headers: { Origin: baseUrl() } });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string };
  };
  const doctors = (await (await page.request.get('/api/doctors')).json()) as { id: string }[];
  const surname = `Gemelo${Date.now().toString(36)}`;
  const twins = [
    { documentNumber: '00000003A', birthDate: '1961-05-06', time: '21:00' },
    { documentNumber: '00000004G', birthDate: '1999-11-30', time: '21:30' },
  ];
  for (const twin of twins) {
    const patient = await post(
      '/api/patients',
      patientPayload({
        firstName: 'Pablo',
        lastName: surname,
        documentType: 'dni',
        documentNumber: twin.documentNumber,
        birthDate: twin.birthDate,
        phone: '+34 600 000 000',
      }),
    );
    // Wednesday 14 January, after hours (the desk may, once confirmed): nobody else is booked then.
    await post('/api/appointments', {
      patientId: patient.id,
      doctorId: doctors[0]!.id,
      startsAt: new Date(`2026-01-14T${twin.time}:00+01:00`).toISOString(),
      reason: 'Revisión',
      channel: 'telefono',
      allowOutsideHours: true,
    });
  }

  await page.goto('/admin/citas');
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de citas' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Hoy' })).toBeChecked();
  const table = page.getByRole('table', { name: 'Citas' });
  await expect(table.getByRole('row').nth(1)).toContainText('12 ene 2026');

  await page.getByRole('searchbox', { name: 'Buscar' }).fill(surname.toLowerCase());
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('n. 06/05/1961 · 00000003A');
  await expect(table.getByRole('row').nth(2)).toContainText('n. 30/11/1999 · 00000004G');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const file = await (await downloading).path();
  const lines = fs.readFileSync(file!, 'utf8').trim().split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).every((line) => line.includes(surname))).toBe(true);
  await expectNoAxeViolations(page, 'el historial con una búsqueda');
});

test('a cancellation from the diary is undone from its toast, and the patient is never told', async ({ page }) => {
  const email = uniqueEmail('deshacer');
  const create = await page.request.post('/api/patients', {
    headers: { Origin: baseUrl() },
    data: patientPayload({ firstName: 'Deshacer', lastName: `Prueba ${Date.now().toString(36)}`, email }),
  });
  expect(create.status(), await create.text()).toBe(201);
  const patient = (await create.json()) as { id: string; firstName: string; lastName: string };
  const doctors = (await (await page.request.get('/api/doctors')).json()) as { id: string }[];
  // Today (the suite's Monday) at 20:30, after hours: nobody else is booked then.
  const booked = await page.request.post('/api/appointments', {
    headers: { Origin: baseUrl() },
    data: {
      patientId: patient.id,
      doctorId: doctors[1]!.id,
      startsAt: new Date('2026-01-12T20:30:00+01:00').toISOString(),
      reason: 'Revisión',
      channel: 'telefono',
      allowOutsideHours: true,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  // The booking's own confirmation leaves at once.
  expect((await readMailsTo(email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Cita confirmada/)]);

  await page.goto('/admin/citas-hoy');
  const name = `${patient.firstName} ${patient.lastName}`;
  const row = page.getByRole('listitem', { name: `20:30, ${name}`, exact: true });
  await row.getByRole('button', { name: 'Cancelar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar la cita' });
  await dialog.getByRole('textbox', { name: /Motivo de la cancelación/ }).fill('Se ha equivocado de día');
  await dialog.getByRole('button', { name: 'Cancelar la cita' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Cita cancelada' });
  await expect(toast).toBeVisible();
  await expect(row.getByText('Cancelada', { exact: true })).toBeVisible();

  await toast.getByRole('button', { name: 'Deshacer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Cambio deshecho' })).toBeVisible();
  // The row also carries the patient's answer to the reminder («Sin respuesta»): look for the status itself.
  await expect(row.getByText('Confirmada', { exact: true })).toBeVisible();
  await expect(row.getByText('Cancelada', { exact: true })).toHaveCount(0);

  // The desk cancels again, for good: that e-mail waits out its own undo window, which ends after the
  // undone one's. When it arrives the worker has been past the undone one's time too, and it sent only
  // this one: the cancellation that was undone never left.
  const cancelled = await page.request.post(`/api/appointments/${(await booked.json()).id}/status`, {
    headers: { Origin: baseUrl() },
    data: { status: 'cancelada', reason: 'Ahora sí', showReasonToPatient: true },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const mails = await readMailsTo(email, { atLeast: 2, timeout: 45_000 });
  expect(mails.map((mail) => mail.subject)).toEqual([
    expect.stringMatching(/^Cita confirmada/),
    expect.stringMatching(/^Cita cancelada/),
  ]);
  expect(mails[1]!.text).toContain('Ahora sí');
});

test('the desk moves an appointment without dragging: next free times, before and after, then save', async ({
  page,
}) => {
  const create = await page.request.post('/api/patients', {
    headers: { Origin: baseUrl() },
    data: patientPayload({ firstName: 'Mover', lastName: `Sin Arrastrar ${Date.now().toString(36)}` }),
  });
  const patient = (await create.json()) as { id: string; firstName: string; lastName: string };
  const doctors = (await (await page.request.get('/api/doctors')).json()) as { id: string; displayName: string }[];
  const booked = await page.request.post('/api/appointments', {
    headers: { Origin: baseUrl() },
    data: {
      patientId: patient.id,
      doctorId: doctors[2]!.id,
      startsAt: new Date('2026-01-12T21:00:00+01:00').toISOString(),
      reason: 'Revisión',
      channel: 'telefono',
      allowOutsideHours: true,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointment = (await booked.json()) as { id: string };

  await page.goto('/admin/citas-hoy');
  const row = page.getByRole('listitem', { name: `21:00, ${patient.firstName} ${patient.lastName}`, exact: true });
  await row.getByRole('button', { name: 'Cambiar fecha u hora' }).click();
  const dialog = page.getByRole('dialog', { name: `Cambiar la cita de ${patient.firstName} ${patient.lastName}` });
  // The first free time offered (a chip: its radio input is visually hidden behind its label).
  const first = dialog.locator('label.mantine-Chip-label').first();
  await expect(first).toBeVisible();
  const picked = (await first.innerText()).trim();
  await first.click();
  await expect(dialog.getByRole('radio').first()).toBeChecked();
  const beforeAfter = dialog.getByRole('region', { name: 'Antes y después' });
  await expect(beforeAfter).toContainText('lunes, 12 de enero de 2026, 21:00');
  await expect(beforeAfter).toContainText(picked);
  await expectNoAxeViolations(page, 'cambiar fecha u hora', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Guardar el cambio' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Cita cambiada' })).toBeVisible();
  const saved = (await (await page.request.get(`/api/appointments/${appointment.id}`)).json()) as {
    startsAt: string;
    doctorId: string;
  };
  expect(saved.startsAt).not.toBe(new Date('2026-01-12T21:00:00+01:00').toISOString());
  expect(saved.doctorId).toBe(doctors[2]!.id);
  const time = new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(saved.startsAt));
  expect(picked).toContain(time);
});
