import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  baseUrl,
  DEMO,
  DEMO_PASSWORD,
  eveningBaseUrl,
  eveningTest,
  expect,
  label,
  patientPayload,
  reviewShot,
  test,
  uniqueEmail,
} from './fixtures';

/**
 * «A safe clinic day», the desk's screens: the per-doctor columns keep their names in view and show the
 * patients' ✓✓, the dashboard's figures agree, the diary searches, «Nueva cita» finds the next free time
 * and lands on the new appointment, the patient's chart books for her, and the inbox links to the chart.
 */
test.describe.configure({ timeout: 90_000 });

const signIn = async (page: Page, origin: string) => {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
    headers: { Origin: origin },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
};

/** Whether the element's box lies inside the region's box (the region scrolls; the heads must stay in it). */
async function insideOf(page: Page, element: ReturnType<Page['locator']>, region: ReturnType<Page['locator']>) {
  const [box, area] = [await element.boundingBox(), await region.boundingBox()];
  return Boolean(box && area && box.y >= area.y - 1 && box.y + box.height <= area.y + area.height + 1);
}

test('per doctor: the names stay on top however far the day is scrolled, and a patient’s ✓✓ is on her card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, baseUrl());
  const doctors = (await (await page.request.get('/api/doctors')).json()) as { id: string; displayName: string }[];
  const doctor = doctors[2]!;
  // Booked online like a patient would, and confirmed through the booking's own link.
  const day = '2026-02-24';
  const availability = (await (
    await page.request.get(`/api/public/availability?doctorId=${doctor.id}&from=${day}&to=${day}`)
  ).json()) as {
    doctors: { slots: { startsAt: string }[] }[];
  };
  const slot = availability.doctors[0]!.slots.at(-1)!;
  const lastName = `Columna ${Date.now().toString(36)}`;
  const booked = await page.request.post('/api/public/bookings', {
    headers: { Origin: baseUrl() },
    data: {
      doctorId: doctor.id,
      startsAt: slot.startsAt,
      firstName: 'Doble',
      lastName,
      email: uniqueEmail('columna'),
      phone: '+34 600 000 001',
      reason: 'Revisión',
      acceptPrivacy: true,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const token = ((await booked.json()) as { manageUrl: string }).manageUrl.split('/cita/')[1]!;
  const answered = await page.request.post(`/api/public/bookings/${token}/answer`, {
    headers: { Origin: baseUrl() },
    data: { answer: 'confirmed' },
  });
  expect(answered.status(), await answered.text()).toBe(200);

  await page.goto(`/admin/calendario?vista=profesionales&date=${day}`);
  const grid = page.getByRole('region', { name: 'Agenda del día por profesional' });
  const card = grid
    .getByRole('list', { name: `Citas de ${doctor.displayName}` })
    .getByRole('button', { name: new RegExp(`Doble ${lastName}, .*, Confirmada por el paciente$`) });
  await expect(card).toContainText('✓✓');

  // Scrolled to the end of the day (the afternoon), the heads are still on top of their columns.
  await grid.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect.poll(() => grid.evaluate((element) => element.scrollTop)).toBeGreaterThan(400);
  const heads = grid.getByRole('heading', { level: 3 });
  await expect(heads.first()).toBeVisible();
  for (const head of await heads.all()) expect(await insideOf(page, head, grid)).toBe(true);
  await reviewShot(page, 'desk-columns-afternoon-1280.png');
  await expectNoAxeViolations(page, 'el día por profesional desplazado a la tarde');
});

eveningTest('in the evening the per-doctor day opens at the current hour with the names on top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, eveningBaseUrl());
  await page.goto('/admin/calendario?vista=profesionales');
  const grid = page.getByRole('region', { name: 'Agenda del día por profesional' });
  await expect(grid.getByRole('heading', { level: 3 }).first()).toBeVisible();
  // 19:30 is 12.5 hours after 07:00: the box opens an hour before (1.6 px a minute), or at its end.
  await expect
    .poll(() =>
      grid.evaluate(
        (element) => element.scrollTop >= Math.min(690 * 1.6, element.scrollHeight - element.clientHeight) - 2,
      ),
    )
    .toBe(true);
  expect(await grid.evaluate((element) => element.scrollTop)).toBeGreaterThan(500);
  for (const head of await grid.getByRole('heading', { level: 3 }).all())
    expect(await insideOf(page, head, grid)).toBe(true);
  await reviewShot(page, 'desk-columns-evening-1280.png');
  await expectNoAxeViolations(page, 'el día por profesional por la tarde');
});

test('the dashboard’s «Citas hoy» and its ring give the same figure; no status badge is cut', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, baseUrl());
  const data = (await (await page.request.get('/api/dashboard/admin')).json()) as {
    today: { total: number; byStatus: Record<string, number> };
  };
  await page.goto('/admin/dashboard');
  const card = page.getByText('Citas hoy', { exact: true }).locator('xpath=..');
  await expect(card).toContainText(String(data.today.total));
  await expect(card).toContainText('Sin contar');
  const ring = page.getByLabel(`Citas de hoy por estado: ${data.today.total}, sin contar las canceladas`);
  await expect(ring).toBeVisible();
  await expect(ring).toContainText(String(data.today.total));
  const badges = page.locator('.mantine-Badge-root');
  for (const badge of await badges.all()) {
    if (!(await badge.isVisible())) continue;
    expect(
      await badge.evaluate((element) => element.scrollWidth <= element.clientWidth + 1),
      await badge.innerText(),
    ).toBe(true);
  }
  await reviewShot(page, 'desk-dashboard-1280.png', { fullPage: true });
});

test('the diary finds a patient by her name typed without accents, and says when nothing matches', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, baseUrl());
  const diary = (await (await page.request.get('/api/appointments/today')).json()) as {
    doctors: { displayName: string; appointments: { patientName: string; patientPhone: string }[] }[];
  };
  const all = diary.doctors.flatMap((doctor) => doctor.appointments);
  const someone = all.find((appointment) => /[áéíóúñ]/i.test(appointment.patientName)) ?? all[0]!;
  const folded = someone.patientName
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
  await page.goto('/admin/citas-hoy');
  const search = page.getByRole('searchbox', { name: 'Buscar en la agenda del día' });
  await search.fill(folded);
  await expect(page.getByRole('link', { name: someone.patientName }).first()).toBeVisible();
  const others = all.filter(
    (appointment) =>
      !appointment.patientName
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase()
        .includes(folded),
  );
  if (others[0]) await expect(page.getByRole('link', { name: others[0].patientName, exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, 'el diario con una búsqueda');
  await reviewShot(page, 'desk-diary-search-1280.png');
  await search.fill('zzzz');
  await expect(page.getByRole('status').filter({ hasText: 'Ninguna cita de hoy coincide con «zzzz».' })).toBeVisible();
});

test('from the patient’s chart, «Nueva cita» books her; a full day offers the next free time; the calendar lands on the new appointment', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, baseUrl());
  const lastName = `Ficha ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/patients', {
    headers: { Origin: baseUrl() },
    data: patientPayload({ firstName: 'Nueva', lastName }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/admin/pacientes/${id}`);
  await expect(page.getByRole('heading', { name: 'Historia clínica' })).toBeVisible();
  await expect(page.getByRole('form', { name: `Datos de Nueva ${lastName}` })).toHaveCount(0);
  await page.getByRole('button', { name: 'Editar datos' }).click();
  await expect(page.getByRole('form', { name: `Datos de Nueva ${lastName}` })).toBeVisible();
  await expectNoAxeViolations(page, 'la ficha con el formulario abierto');
  await reviewShot(page, 'desk-patient-1280.png');
  await page.getByRole('main').getByRole('link', { name: 'Nueva cita' }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/admin/citas/nueva' && url.searchParams.get('patientId') === id,
  );
  await expect(page.getByRole('combobox', { name: label('Paciente') })).toHaveValue(`Nueva ${lastName}`);

  // A Sunday (as a click on the calendar's free time would prefill it): nobody works, so no free time
  // that day; the form offers the first one after it.
  const doctors = (await (await page.request.get('/api/doctors')).json()) as { id: string }[];
  const sunday = new Date('2026-01-18T10:00:00+01:00').toISOString();
  await page.goto(
    `/admin/citas/nueva?${new URLSearchParams({ patientId: id, doctorId: doctors[0]!.id, startsAt: sunday })}`,
  );
  await expect(page.getByRole('combobox', { name: label('Paciente') })).toHaveValue(`Nueva ${lastName}`);
  await expect(page.getByText(/No quedan horas libres ese día/)).toBeVisible();
  await expect(page.getByText('Próxima hora libre:')).toBeVisible();
  await expectNoAxeViolations(page, 'un día lleno con la próxima hora libre');
  await reviewShot(page, 'desk-next-free-1280.png');
  await page.getByRole('button', { name: 'Ir a esa hora' }).click();
  await expect(page.getByRole('group', { name: 'Horas libres' }).getByRole('radio', { checked: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Reservar cita' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/admin/calendario' && url.searchParams.has('cita'));
  const event = page.locator('.clinica-event--just-booked');
  await expect(event).toContainText(`Nueva ${lastName}`);
  await expect(event).toBeInViewport();
  await reviewShot(page, 'desk-just-booked-1280.png');
  await expectNoAxeViolations(page, 'el calendario con la cita recién reservada');
});

test('the inbox shows when each conversation last wrote and links to the patient’s chart', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, baseUrl());
  await page.goto('/admin/mensajes');
  const list = page.getByRole('list', { name: 'Conversaciones' });
  await expect(list.locator('time').first()).toBeVisible();
  await list.getByRole('button').first().click();
  const link = page.getByRole('link', { name: /^Abrir la ficha de / });
  await expect(link).toHaveAttribute('href', /^\/admin\/pacientes\/[\w-]+$/);
  await expectNoAxeViolations(page, 'la bandeja con la hora y el enlace a la ficha');
  await reviewShot(page, 'desk-inbox-1280.png');
  await link.click();
  await expect(page.getByRole('heading', { name: 'Historia clínica' })).toBeVisible();
});
