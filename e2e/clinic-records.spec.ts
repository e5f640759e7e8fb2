import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  baseUrl,
  clinicNow,
  DEMO,
  DEMO_PASSWORD,
  expect,
  label,
  patientPayload,
  signInViaApi,
  test,
  uniqueEmail,
} from './fixtures';

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** A few random letters, so names typed in the tests are unique in this run. */
const uniqueWord = () =>
  Array.from(crypto.randomBytes(6), (byte) => 'abcdefghijklmnopqrstuvwxyz'[byte % 26])
    .join('')
    .replace(/^./, (first) => first.toUpperCase());

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** A valid DNI (8 digits and the control letter) and the same digits with a wrong letter. */
function randomDni(): { valid: string; wrongLetter: string } {
  const digits = crypto.randomInt(10_000_000, 99_999_999);
  const letter = DNI_LETTERS[digits % 23]!;
  const wrong = DNI_LETTERS[(digits + 1) % 23]!;
  return { valid: `${digits}${letter}`, wrongLetter: `${digits}${wrong}` };
}

/** `YYYY-MM-DD` plus some days, and the same day as the «dd/mm/aaaa» people type. */
function dayFromToday(days: number): { iso: string; typed: string } {
  const date = clinicNow();
  date.setUTCHours(12, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() + days);
  const iso = date.toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return { iso, typed: `${day}/${month}/${year}` };
}

async function signInAsAdmin(page: Page) {
  await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
}

/** Chooses an option of a Mantine Select by its label. */
async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: label(field) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('Doctores', () => {
  test('el admin crea un doctor con horario partido y una ausencia, y al reabrirlo sigue todo', async ({ page }) => {
    const name = `Dra. Prueba ${uniqueWord()} Horario`;
    const email = uniqueEmail('doctora');
    const absenceFrom = dayFromToday(60);
    const absenceTo = dayFromToday(64);
    const reason = `Congreso ${uniqueWord()}`;

    await signInAsAdmin(page);
    await page.goto('/admin/doctores');
    await expect(heading(page, 'Doctores')).toBeVisible();
    await page.getByRole('button', { name: 'Nuevo doctor' }).click();

    const drawer = page.getByRole('dialog', { name: 'Nuevo doctor' });
    await drawer.getByRole('textbox', { name: label('Nombre y apellidos') }).fill(name);
    await drawer.getByRole('textbox', { name: label('Correo electrónico') }).fill(email);
    await choose(page, 'Especialidad', 'Dermatología');
    await drawer.getByRole('textbox', { name: label('Nº de colegiado') }).fill('28/123456');

    // Monday morning and afternoon, Wednesday morning.
    await drawer.getByRole('button', { name: 'Añadir tramo al lunes' }).click();
    await expect(drawer.getByRole('textbox', { name: 'Lunes, tramo 1: inicio' })).toHaveValue('09:00');
    await expect(drawer.getByRole('textbox', { name: 'Lunes, tramo 1: fin' })).toHaveValue('14:00');
    await drawer.getByRole('button', { name: 'Añadir tramo al lunes' }).click();
    await drawer.getByRole('textbox', { name: 'Lunes, tramo 2: inicio' }).fill('16:00');
    await drawer.getByRole('textbox', { name: 'Lunes, tramo 2: fin' }).fill('19:00');
    await drawer.getByRole('button', { name: 'Añadir tramo al miércoles' }).click();
    await drawer.getByRole('textbox', { name: 'Miércoles, tramo 1: inicio' }).fill('10:00');
    await drawer.getByRole('textbox', { name: 'Miércoles, tramo 1: fin' }).fill('13:30');
    await drawer.getByRole('button', { name: 'Crear doctor' }).click();

    await expect(drawer).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'Doctor creado' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Doctores de la clínica' }).getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'Dermatología', exact: true })).toBeVisible();
    await expect(row.getByText('Activo', { exact: true })).toBeVisible();

    // Absences are added to an existing doctor.
    await row.getByRole('button', { name: `Editar a ${name}` }).click();
    const editor = page.getByRole('dialog', { name: 'Editar doctor' });
    const absenceForm = editor.getByRole('form', { name: 'Nueva ausencia' });
    // Escape closes the calendar of a date field, not the drawer.
    const from = absenceForm.getByRole('textbox', { name: label('Desde') });
    await from.fill(absenceFrom.typed);
    await expect(page.getByRole('button', { name: 'Mes siguiente' })).toBeVisible();
    await from.press('Escape');
    await expect(page.getByRole('button', { name: 'Mes siguiente' })).toBeHidden();
    await expect(editor).toBeVisible();
    const to = absenceForm.getByRole('textbox', { name: label('Hasta (incluido)') });
    await expect(to).toHaveValue(absenceFrom.typed);
    await to.fill(absenceTo.typed);
    await to.press('Escape');
    await absenceForm.getByRole('textbox', { name: label('Motivo') }).fill(reason);
    await absenceForm.getByRole('button', { name: 'Añadir ausencia' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Ausencia añadida' })).toBeVisible();
    await expect(editor.getByRole('list', { name: `Ausencias de ${name}` }).getByText(reason)).toBeVisible();
    await editor.getByRole('button', { name: 'Cancelar' }).click();
    await expect(editor).toBeHidden();

    // Reopened after a reload: both Monday intervals, Wednesday and the absence come from the server.
    await page.reload();
    await page.getByRole('button', { name: `Editar a ${name}` }).click();
    const reopened = page.getByRole('dialog', { name: 'Editar doctor' });
    await expect(reopened.getByRole('textbox', { name: 'Lunes, tramo 1: inicio' })).toHaveValue('09:00');
    await expect(reopened.getByRole('textbox', { name: 'Lunes, tramo 1: fin' })).toHaveValue('14:00');
    await expect(reopened.getByRole('textbox', { name: 'Lunes, tramo 2: inicio' })).toHaveValue('16:00');
    await expect(reopened.getByRole('textbox', { name: 'Lunes, tramo 2: fin' })).toHaveValue('19:00');
    await expect(reopened.getByRole('textbox', { name: 'Miércoles, tramo 1: inicio' })).toHaveValue('10:00');
    await expect(reopened.getByRole('textbox', { name: 'Miércoles, tramo 1: fin' })).toHaveValue('13:30');
    await expect(reopened.getByRole('group', { name: 'Martes' }).getByText('Sin consulta')).toBeVisible();
    const absences = reopened.getByRole('list', { name: `Ausencias de ${name}` });
    await expect(absences.getByRole('listitem')).toHaveCount(1);
    await expect(absences.getByRole('listitem')).toContainText(reason);
    await expect(absences.getByRole('listitem')).toContainText(
      new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' }).formatRange(
        new Date(`${absenceFrom.iso}T00:00:00Z`),
        new Date(`${absenceTo.iso}T00:00:00Z`),
      ),
    );
  });

  test('un tramo que se solapa muestra el aviso en español y no se guarda', async ({ page }) => {
    const name = `Dr. Solape ${uniqueWord()}`;

    await signInAsAdmin(page);
    await page.goto('/admin/doctores');
    await page.getByRole('button', { name: 'Nuevo doctor' }).click();
    const drawer = page.getByRole('dialog', { name: 'Nuevo doctor' });
    await drawer.getByRole('textbox', { name: label('Nombre y apellidos') }).fill(name);
    await drawer.getByRole('textbox', { name: label('Correo electrónico') }).fill(uniqueEmail('solape'));
    await choose(page, 'Especialidad', 'Pediatría');
    await drawer.getByRole('textbox', { name: label('Nº de colegiado') }).fill('28/654321');

    await drawer.getByRole('button', { name: 'Añadir tramo al lunes' }).click();
    await drawer.getByRole('button', { name: 'Añadir tramo al lunes' }).click();
    await drawer.getByRole('textbox', { name: 'Lunes, tramo 2: inicio' }).fill('13:00');
    await drawer.getByRole('textbox', { name: 'Lunes, tramo 2: fin' }).fill('17:00');
    await drawer.getByRole('button', { name: 'Crear doctor' }).click();

    const overlap = 'Lunes: los tramos 09:00–14:00 y 13:00–17:00 se solapan';
    await expect(drawer.getByRole('alert').filter({ hasText: overlap })).toBeVisible();
    await expect(drawer).toBeVisible();

    await drawer.getByRole('button', { name: 'Cancelar' }).click();
    await expect(drawer).toBeHidden();
    await page.reload();
    await expect(page.getByRole('table', { name: 'Doctores de la clínica' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Editar a ${name}` })).toHaveCount(0);
  });
});

test.describe('Pacientes', () => {
  async function fillNewPatient(page: Page, firstName: string, lastName: string, dni: string) {
    await page.goto('/admin/pacientes/nuevo');
    await expect(heading(page, 'Nuevo paciente')).toBeVisible();
    await page.getByRole('textbox', { name: label('Nombre') }).fill(firstName);
    await page.getByRole('textbox', { name: label('Apellidos') }).fill(lastName);
    await choose(page, 'Tipo de documento', 'DNI');
    await page.getByRole('textbox', { name: label('Número de documento') }).fill(dni);
  }

  test('el admin crea un paciente, lo encuentra sin tildes y le cambia el teléfono', async ({ page }) => {
    const firstName = `Begoña ${uniqueWord()}`;
    const lastName = 'Núñez Gómez';
    const { valid } = randomDni();

    await signInAsAdmin(page);
    await fillNewPatient(page, firstName, lastName, valid);
    await page.getByRole('textbox', { name: label('Teléfono') }).fill('+34 611 000 111');
    await page.getByRole('button', { name: 'Crear paciente' }).click();

    await expect(page).toHaveURL(
      (url) => /^\/admin\/pacientes\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/nuevo'),
    );
    await expect(heading(page, 'Ficha del paciente')).toBeVisible();
    const summary = page.getByRole('region', { name: 'Resumen del paciente' });
    await expect(summary.getByRole('heading', { name: `${firstName} ${lastName}` })).toBeVisible();
    await expect(summary.getByText(`DNI ${valid}`)).toBeVisible();

    await page.goto('/admin/pacientes');
    await expect(heading(page, 'Pacientes')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar pacientes' }).fill('nunez');
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'nunez');
    const link = page
      .getByRole('table', { name: 'Pacientes' })
      .getByRole('link', { name: `${lastName}, ${firstName}` });
    await expect(link).toBeVisible();
    await link.click();

    await expect(heading(page, 'Ficha del paciente')).toBeVisible();
    // The chart opens on the history; the data form is behind «Editar datos».
    await expect(page.getByRole('heading', { name: 'Historia clínica' })).toBeVisible();
    await expect(page.getByRole('form', { name: `Datos de ${firstName} ${lastName}` })).toHaveCount(0);
    await page.getByRole('button', { name: 'Editar datos' }).click();
    const form = page.getByRole('form', { name: `Datos de ${firstName} ${lastName}` });
    const phone = form.getByRole('textbox', { name: label('Teléfono') });
    await expect(phone).toHaveValue('+34 611 000 111');
    await phone.fill('+34 622 333 444');
    await form.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Cambios guardados' })).toBeVisible();

    await page.reload();
    await page.getByRole('button', { name: 'Editar datos' }).click();
    await expect(
      page
        .getByRole('form', { name: `Datos de ${firstName} ${lastName}` })
        .getByRole('textbox', { name: label('Teléfono') }),
    ).toHaveValue('+34 622 333 444');
    await expect(page.getByRole('region', { name: 'Resumen del paciente' }).getByText('+34 622 333 444')).toBeVisible();
  });

  test('una letra de DNI equivocada muestra «La letra del DNI no corresponde a sus números»', async ({ page }) => {
    const { wrongLetter } = randomDni();
    await signInAsAdmin(page);
    await fillNewPatient(page, `Tomás ${uniqueWord()}`, 'Letra Errónea', wrongLetter);
    await page.getByRole('button', { name: 'Crear paciente' }).click();

    await expect(page.getByText('La letra del DNI no corresponde a sus números')).toBeVisible();
    await expect(page.getByRole('textbox', { name: label('Número de documento') })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page).toHaveURL((url) => url.pathname === '/admin/pacientes/nuevo');
  });

  test('un DNI repetido ofrece el enlace a la ficha que ya existe', async ({ page }) => {
    const { valid } = randomDni();
    const existing = { firstName: `Rocío ${uniqueWord()}`, lastName: 'Existente Pérez' };

    await signInAsAdmin(page);
    const created = await page.request.post('/api/patients', {
      headers: { Origin: baseUrl() },
      data: patientPayload({ ...existing, documentType: 'dni', documentNumber: valid }),
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await fillNewPatient(page, `Otro ${uniqueWord()}`, 'Duplicado Ruiz', valid);
    await page.getByRole('button', { name: 'Crear paciente' }).click();

    const failure = page.getByRole('alert').filter({ hasText: 'No se ha podido crear el paciente' });
    await expect(failure).toContainText(
      `Ya existe un paciente con ese documento: ${existing.firstName} ${existing.lastName}`,
    );
    await expect(page.getByRole('textbox', { name: label('Número de documento') })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    const open = failure.getByRole('link', { name: `Abrir la ficha de ${existing.firstName} ${existing.lastName}` });
    await open.click();

    await expect(page).toHaveURL((url) => url.pathname === `/admin/pacientes/${id}`);
    await expect(
      page
        .getByRole('region', { name: 'Resumen del paciente' })
        .getByRole('heading', { name: `${existing.firstName} ${existing.lastName}` }),
    ).toBeVisible();
  });
});

test.describe('Configuración', () => {
  test('el nombre de la clínica cambiado en la configuración sale en la portada', async ({ page }) => {
    const newName = `Clínica Prueba ${uniqueWord()}`;

    await signInAsAdmin(page);
    await page.goto('/admin/configuracion');
    await expect(heading(page, 'Configuración')).toBeVisible();
    const nameField = page.getByRole('textbox', { name: label('Nombre de la clínica') });
    await expect(nameField).not.toHaveValue('');
    const original = await nameField.inputValue();

    try {
      await nameField.fill(newName);
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Configuración guardada' })).toBeVisible();

      await page.goto('/');
      await expect(heading(page, `${newName}: tu salud, con cita en un minuto`)).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: `${newName}: inicio` })).toBeVisible();
      await expect(page).toHaveTitle(`${newName} · Pide tu cita online`);

      // Put the original name back through the same screen.
      await page.goto('/admin/configuracion');
      await expect(nameField).toHaveValue(newName);
      await nameField.fill(original);
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Configuración guardada' })).toBeVisible();
      await page.goto('/');
      await expect(page.getByRole('banner').getByRole('link', { name: `${original}: inicio` })).toBeVisible();
    } finally {
      // Other tests read the clinic's name: restore it even when a step above failed.
      const restored = await page.request.patch('/api/settings', {
        headers: { Origin: new URL(page.url()).origin },
        data: { name: original },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });
});

test.describe('Pacientes del doctor', () => {
  test('la doctora ve sus pacientes y abre una ficha de solo lectura', async ({ page }) => {
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD);

    await page.goto('/doctor/pacientes');
    await expect(heading(page, 'Mis pacientes')).toBeVisible();
    const table = page.getByRole('table', { name: 'Pacientes' });
    const links = table.getByRole('link');
    await expect(links.first()).toBeVisible();
    const listed = (await links.first().textContent())!.trim();
    // «Apellidos, Nombre» in the list, «Nombre Apellidos» in the chart.
    const [surnames, firstName] = listed.split(', ');
    await links.first().click();

    await expect(page).toHaveURL((url) => /^\/doctor\/pacientes\/[^/]+$/.test(url.pathname));
    await expect(heading(page, 'Ficha del paciente')).toBeVisible();
    const summary = page.getByRole('region', { name: 'Resumen del paciente' });
    await expect(summary.getByRole('heading', { name: `${firstName} ${surnames}` })).toBeVisible();
    const personal = page.getByRole('region', { name: 'Datos personales' });
    await expect(personal.getByText('Apellidos', { exact: true })).toBeVisible();
    await expect(personal.getByText(surnames!, { exact: true })).toBeVisible();
    // The record is read only: no fields to edit in it and nothing to save (the page's own tools — the
    // timeline's filters, treatments, files — are below it).
    await expect(summary.getByRole('textbox')).toHaveCount(0);
    await expect(personal.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Guardar cambios' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Mis pacientes' }).first()).toBeVisible();
  });

  test('un paciente que abre /doctor/pacientes acaba en /unauthorized', async ({ page }) => {
    await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD);
    await page.goto('/doctor/pacientes');
    await expect(page).toHaveURL((url) => url.pathname === '/unauthorized');
    await expect(heading(page, 'No tienes acceso a esta página')).toBeVisible();
  });
});
