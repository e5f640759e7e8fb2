import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, eveningTest, expect, label, signInViaApi, test, uniqueEmail } from './fixtures';

/** Step 1 and 2 of /agendar-cita: a specialty, its first visit, any professional, then the first free time of the week asked. */
async function chooseFirstTime(page: Page, specialty: string, weeksAhead: number) {
  await page.goto('/agendar-cita');
  await page
    .getByRole('radiogroup', { name: 'Especialidad' })
    .getByRole('radio', { name: specialty, exact: true })
    .click();
  await page
    .getByRole('radiogroup', { name: 'Servicio' })
    .getByRole('radio', { name: /^Primera visita/ })
    .click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  const weekLabel = page.getByText(/^Semana del /);
  for (let week = 0; week < weeksAhead; week++) {
    const before = await weekLabel.textContent();
    await page.getByRole('button', { name: 'Semana siguiente' }).click();
    await expect(weekLabel).not.toHaveText(before!);
  }
  const times = page.getByRole('group', { name: /^Horas libres del / });
  await expect(times).toBeVisible();
  const first = times.getByRole('button').first();
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('form', { name: 'Tus datos' })).toBeVisible();
}

test.describe('Festivos y cierres', () => {
  test('la configuración muestra el año con sus festivos; un cierre se añade, se ve en el calendario y se quita', async ({
    page,
  }) => {
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await page.goto('/admin/configuracion');
    const section = page.getByRole('region', { name: 'Festivos y cierres' });
    await expect(section).toBeVisible();
    const table = section.getByRole('table', { name: 'Festivos y cierres de 2026' });
    await expect(table).toContainText('Epifanía del Señor (Reyes)');
    await expect(table).toContainText('3 de abril');
    await expect(table).toContainText('Viernes Santo');
    await expect(section.getByRole('button', { name: 'Añadir festivos nacionales de 2026' })).toBeVisible();
    await expect(section.getByLabel('25 de diciembre: Navidad')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, 'los festivos de la configuración', 'section[aria-labelledby="festivos-titulo"]');

    // A closure of the clinic, beyond the booking horizon so that no other test meets it.
    const form = section.getByRole('form', { name: 'Añadir un festivo o cierre' });
    await form.getByRole('textbox', { name: label('Desde') }).fill('10/08/2026');
    await form.getByRole('textbox', { name: 'Hasta' }).fill('12/08/2026');
    await form.getByRole('textbox', { name: label('Nombre') }).fill('Cierre por obras');
    await form.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Cierre de la clínica' }).click();
    await form.getByRole('button', { name: 'Añadir' }).click();
    await expect(table).toContainText('Del 10 de agosto al 12 de agosto');
    await expect(section.getByLabel('11 de agosto: Cierre por obras')).toBeVisible();

    // The calendar shows it as a background day with its name.
    // (The week view, where the calendar opens: switching views right after opening a date sometimes hits
    // React's «maximum update depth» in FullCalendar, on main too.)
    await page.goto('/admin/calendario?date=2026-08-10');
    await expect(page.getByText('Clínica cerrada: Cierre por obras').first()).toBeVisible();

    await page.goto('/admin/configuracion');
    await page.getByRole('button', { name: 'Quitar Cierre por obras' }).click();
    await expect(page.getByRole('table', { name: 'Festivos y cierres de 2026' })).not.toContainText('Cierre por obras');
  });

  test('el calendario, el día por profesional y la agenda muestran el festivo de Reyes', async ({ page }) => {
    test.setTimeout(90_000);
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await page.goto('/admin/calendario?date=2026-01-06');
    await expect(page.getByText('Festivo: Epifanía del Señor (Reyes)')).toBeVisible();
    await expectNoAxeViolations(page, 'la semana del calendario con un festivo');

    // The day with a column per doctor and the diary say it above the day.
    await page.goto('/admin/calendario?vista=profesionales&date=2026-01-06');
    await expect(page.getByRole('alert').filter({ hasText: 'Festivo: Epifanía del Señor (Reyes)' })).toBeVisible();
    await page.goto('/admin/citas-hoy?fecha=2026-01-06');
    const notice = page.getByRole('alert').filter({ hasText: 'Festivo: Epifanía del Señor (Reyes)' });
    await expect(notice).toBeVisible();
    await expectNoAxeViolations(page, 'la agenda de un festivo');
  });
});

test.describe('Lo que promete la reserva', () => {
  test('la portada dice hasta cuándo se puede cambiar por internet', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(/podrás cambiar o anular tu cita por internet hasta 24 horas antes\./)).toBeVisible();
  });

  test('Pediatría pide los datos del niño o la niña y de su responsable, y dice hasta cuándo se puede cambiar', async ({
    page,
  }) => {
    await chooseFirstTime(page, 'Pediatría', 1);
    const form = page.getByRole('form', { name: 'Tus datos' });
    await expect(page.getByRole('region', { name: 'Tu cita' })).toContainText(
      /Podrás cambiar o cancelar esta cita por internet hasta el \w+ \d+ de \w+ a las \d{2}:\d{2}; después, llámanos al \+34 910 000 000\./,
    );
    await form.getByRole('textbox', { name: label('Nombre') }).fill('Ana');
    await form.getByRole('textbox', { name: label('Apellidos') }).fill('Gil Ramos');
    await form.getByRole('textbox', { name: label('Correo electrónico') }).fill(uniqueEmail('tutora'));
    await form.getByRole('textbox', { name: label('Teléfono') }).fill('+34 655 444 333');
    await form.getByRole('checkbox', { name: /acepto la política de privacidad/ }).check();
    await page.getByRole('button', { name: 'Confirmar cita' }).click();
    await expect(form.getByText('Escribe el nombre del niño o la niña')).toBeVisible();
    await expectNoAxeViolations(page, 'la reserva de Pediatría con los datos del menor por rellenar');

    await form.getByRole('textbox', { name: label('Nombre del niño o la niña') }).fill('Lucía');
    await form.getByRole('textbox', { name: label('Apellidos del niño o la niña') }).fill('Pérez Gil');
    await form.getByLabel(label('Fecha de nacimiento')).fill('2019-04-03');
    await form.getByRole('combobox', { name: label('Tu relación con el niño o la niña') }).selectOption('madre');
    await form.getByRole('textbox', { name: label('Tu DNI, NIE o pasaporte') }).fill('12345678Z');
    await page.getByRole('button', { name: 'Confirmar cita' }).click();
    await expect(page.getByRole('heading', { name: 'Cita reservada', exact: true })).toBeVisible();
  });
});

eveningTest.describe('Una hora de mañana por la tarde', () => {
  eveningTest('dice antes de confirmar que ya no se podrá cambiar por internet', async ({ page }) => {
    // Wednesday 19:30: the first free time is tomorrow, inside the 24-hour window.
    await chooseFirstTime(page, 'Medicina familiar', 0);
    const region = page.getByRole('region', { name: 'Tu cita' });
    await expect(region).toContainText(
      'Esta cita ya no se podrá cambiar ni cancelar por internet: faltan menos de 24 horas. Si necesitas cambiarla, llámanos al +34 910 000 000.',
    );
    await expect(region).not.toContainText('Podrás cambiar');
    await expectNoAxeViolations(page, 'la reserva de una hora dentro del plazo');
  });
});
