import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  DEMO,
  DEMO_PASSWORD,
  eveningBaseUrl,
  eveningNow,
  eveningTest as test,
  expect,
  label,
  signInViaApi,
} from './fixtures';

/**
 * «A safe clinic day», the doctor's side, on the evening clinic (Wednesday 14 January 2026, 19:30 in
 * Madrid). The demo paciente Javier Moreno López is allergic to penicillin; his demo prescriptions are
 * dated 3 days ago (still valid), 22 and 40 days ago (expired) and 23 days ago (cancelled).
 */
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** «martes, 23 de diciembre de 2025»: the day `days` before the evening clinic's today, as the chart writes it. */
const dayBefore = (days: number) =>
  new Intl.DateTimeFormat('es-ES', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Madrid',
  }).format(new Date(eveningNow().getTime() - days * 86_400_000));

/** Javier's record and one of his appointments with the demo doctor, through the doctor's own API. */
async function javier(request: APIRequestContext) {
  const signIn = await request.post('/api/auth/sign-in', {
    headers: { Origin: eveningBaseUrl() },
    data: { email: DEMO.doctor.email, password: DEMO_PASSWORD },
  });
  expect(signIn.ok()).toBeTruthy();
  const patients = (await (await request.get('/api/patients?q=50123456Q')).json()) as { items: { id: string }[] };
  const patientId = patients.items[0]!.id;
  const chart = (await (await request.get(`/api/patients/${patientId}/chart?kinds=appointment&limit=50`)).json()) as {
    items: { id: string; status: string; doctor: string }[];
  };
  const attended = chart.items.find((item) => item.status === 'atendida' && item.doctor === DEMO.doctor.name)!;
  return { patientId, appointmentId: attended.id };
}

test.describe('the doctor’s patient safety (evening clinic)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('prescriptions past their validity read «Caducada» for the doctor, and the chart dates them by their own date', async ({
    page,
  }) => {
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD, eveningBaseUrl());
    await page.goto('/doctor/recetas?paciente=&estado=caducada');
    await expect(heading(page, 'Recetas')).toBeVisible();
    const lumbar = page
      .getByRole('listitem')
      .filter({ hasText: 'Lumbalgia mecánica' })
      .filter({ hasText: 'Ibuprofeno 600 mg comprimidos' });
    await expect(lumbar.getByText('Caducada', { exact: true })).toBeVisible();
    await expect(page.getByText('Cefalea tensional')).toHaveCount(0);
    await expectNoAxeViolations(page, 'las recetas caducadas');
    await page.goto('/doctor/recetas?estado=activa');
    const headache = page.getByRole('listitem').filter({ hasText: 'Cefalea tensional' });
    await expect(headache.getByText('Activa', { exact: true })).toBeVisible();
    await expect(page.getByText('Lumbalgia mecánica')).toHaveCount(0);

    // The chart: the prescription of 22 days ago on its own day (no hour), expired.
    const { patientId } = await javier(page.context().request);
    await page.goto(`/doctor/pacientes/${patientId}`);
    const timeline = page.getByRole('list', { name: 'Historia clínica, lo más reciente primero' });
    await expect(timeline.getByRole('listitem', { name: `Receta, ${dayBefore(3)}` })).toContainText('Activa');
    // 22 days back is on the second page of the timeline.
    await page.getByRole('button', { name: 'Ver más' }).click();
    await expect(timeline.getByRole('listitem', { name: `Receta, ${dayBefore(22)}` })).toContainText('Caducada');
    await expectNoAxeViolations(page, 'la historia clínica con recetas caducadas');
  });

  test('the patient sees his expired prescriptions as «Caducada» too', async ({ page }) => {
    await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD, eveningBaseUrl());
    await page.goto('/pacientes/tratamientos');
    const treatment = page.getByRole('article', { name: 'Rehabilitación lumbar' });
    await expect(
      treatment.getByText(/Ibuprofeno 600 mg comprimidos, Omeprazol 20 mg cápsulas \(caducada\)/),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'los tratamientos con una receta caducada');
  });

  test('the consultation screen shows the patient’s context: allergies, age, current medication, treatments, last notes', async ({
    page,
  }) => {
    const { appointmentId } = await javier(page.context().request);
    await page.context().clearCookies();
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD, eveningBaseUrl());
    await page.goto(`/doctor/citas/${appointmentId}`);
    await expect(heading(page, 'Consulta')).toBeVisible();
    const panel = page.getByRole('region', { name: 'Contexto del paciente' });
    // Born 14 June 1982: 43 on 14 January 2026.
    await expect(panel.getByText('43 años')).toBeVisible();
    await expect(panel.getByRole('alert')).toContainText('Penicilina');
    const medication = panel.getByRole('region', { name: 'Medicación actual' });
    await expect(medication).toContainText('Paracetamol 1 g comprimidos');
    await expect(medication).not.toContainText('Enalapril');
    await expect(panel.getByRole('region', { name: 'Tratamientos activos' })).toContainText('Rehabilitación lumbar');
    await expect(
      panel.getByRole('region', { name: 'Últimas notas firmadas' }).getByRole('listitem').first(),
    ).toContainText('Dra. Lucía Fernández Gómez');
    await expectNoAxeViolations(page, 'la consulta con el contexto del paciente');
  });

  test('«Nueva receta» warns of the penicillin allergy and saves amoxicillin only with the doctor’s reason', async ({
    page,
  }) => {
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD, eveningBaseUrl());
    await page.goto('/doctor/recetas');
    await page.getByRole('button', { name: 'Nueva receta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva receta' });
    await dialog.getByLabel(label('Paciente')).fill('Moreno');
    await page.getByRole('option', { name: 'Javier Moreno López (DNI 50123456Q)' }).click();
    await expect(dialog.getByText('Alergias registradas: Penicilina')).toBeVisible();
    await dialog.getByRole('textbox', { name: label('Diagnóstico') }).fill('Otitis media aguda');
    const first = dialog.getByRole('group', { name: 'Medicamento 1' });
    await first
      .getByRole('textbox', { name: label('Medicamento (nombre, dosis y forma)') })
      .fill('Amoxicilina 500 mg cápsulas');
    await first.getByRole('textbox', { name: label('Dosis') }).fill('1 cápsula');
    await first.getByRole('textbox', { name: label('Frecuencia') }).fill('cada 8 horas');
    await first.getByRole('textbox', { name: label('Duración') }).fill('7 días');
    await first.getByRole('textbox', { name: label('Envases o unidades') }).fill('1 envase de 21 cápsulas');
    const warning = dialog.getByRole('alert').filter({ hasText: 'Alerta de alergia' });
    await expect(warning).toContainText(
      'Amoxicilina 500 mg cápsulas: amoxicilina es de las penicilinas, alergia registrada «Penicilina».',
    );
    await expectNoAxeViolations(page, 'el diálogo «Nueva receta» con una alerta de alergia', '[role=dialog]');

    // Not without a reason.
    await dialog.getByRole('button', { name: 'Crear la receta' }).click();
    await expect(dialog.getByText('Indica por qué lo recetas pese a la alergia')).toBeVisible();
    await expect(dialog).toBeVisible();
    await warning
      .getByRole('textbox', { name: label('Motivo para recetarlo pese a la alergia') })
      .fill('Prueba de exposición tolerada en Alergología');
    await dialog.getByRole('button', { name: 'Crear la receta' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Receta creada')).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: 'Otitis media aguda' });
    await expect(card).toContainText(
      'Recetada pese a la alergia registrada (Penicilina): Prueba de exposición tolerada en Alergología',
    );
    await expect(card.getByText('Activa', { exact: true })).toBeVisible();
  });
});
