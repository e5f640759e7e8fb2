import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { baseUrl, DEMO, DEMO_PASSWORD, expect, label, patientPayload, signInViaApi, test } from './fixtures';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Letters only, so the name typed in the picker is unique in this run. */
const uniqueWord = () =>
  Array.from(crypto.randomBytes(6), (byte) => 'abcdefghijklmnopqrstuvwxyz'[byte % 26])
    .join('')
    .replace(/^./, (first) => first.toUpperCase());

async function signInAsAdmin(page: Page) {
  await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
}

/** A patient record made through the API, as the desk would have made it. */
async function createPatient(page: Page, firstName: string, lastName: string): Promise<string> {
  const created = await page.request.post('/api/patients', {
    headers: { Origin: baseUrl() },
    data: patientPayload({ firstName, lastName }),
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test.describe('Registro de accesos', () => {
  test('the admin opens a chart; the log shows that read, filters by the patient and exports the CSV', async ({
    page,
  }) => {
    const firstName = 'Irene';
    const lastName = `${uniqueWord()} Registro`;
    const fullName = `${firstName} ${lastName}`;
    await signInAsAdmin(page);
    const id = await createPatient(page, firstName, lastName);

    await page.goto(`/admin/pacientes/${id}`);
    await expect(heading(page, 'Ficha del paciente')).toBeVisible();
    await expect(page.getByText(fullName).first()).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Registro de accesos' })
      .click();
    await expect(heading(page, 'Registro de accesos')).toBeVisible();
    const table = page.getByRole('table', { name: 'Registro de accesos' });
    const read = table.getByRole('row').filter({ hasText: fullName }).filter({ hasText: 'Consulta · Paciente' });
    await expect(read.first()).toBeVisible();
    await expect(read.first()).toContainText(DEMO.admin.name);
    await expect(read.first()).toContainText('Administración');

    // Only this patient's entries: the read and the creation, both by the admin.
    const picker = page.getByRole('combobox', { name: label('Paciente') });
    await picker.fill(lastName);
    await page.getByRole('option', { name: new RegExp(lastName) }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/admin/auditoria' && url.searchParams.get('patientId') === id,
    );
    const rows = table.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
    // (Retried until the filtered page replaces the one shown meanwhile.)
    await expect(rows.filter({ hasNotText: fullName })).toHaveCount(0);
    await expect(rows.filter({ hasText: 'Alta · Paciente' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Consulta · Paciente' }).first()).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^registro-accesos-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = csv.slice(1).trim().split(/\r\n/);
    expect(header).toBe(
      'Fecha;Hora;Usuario;Correo del usuario;Rol;Acción;Paciente;Id. del paciente;Id. del dato;Dirección IP',
    );
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      expect(line).toMatch(/^\d{2}\/\d{2}\/\d{4};\d{2}:\d{2}:\d{2};/);
      expect(line).toContain(`;${fullName};${id};`);
    }
    expect(
      lines.some((line) => line.includes(`${DEMO.admin.name};${DEMO.admin.email};Administración;Consulta · Paciente;`)),
    ).toBe(true);
  });

  test('on a phone the log is a list of cards that fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page);
    await page.goto('/admin/auditoria');
    await expect(heading(page, 'Registro de accesos')).toBeVisible();
    const cards = page.getByRole('list', { name: 'Registro de accesos' });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
