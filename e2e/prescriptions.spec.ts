import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { readPdf } from '../src/server/test/pdf-text';
import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, label, signInViaApi, test } from './fixtures';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The text of a downloaded PDF, spaces collapsed. */
async function downloadedPdfText(download: Download): Promise<string> {
  const { text } = await readPdf(fs.readFileSync((await download.path())!));
  return text.replace(/\s+/g, ' ');
}

test.describe('prescriptions and treatments', () => {
  // Long journeys with several axe audits and PDF reads, on a machine shared with other suites.
  test.describe.configure({ timeout: 90_000 });

  test('the doctor prescribes two medicines, downloads the PDF and cancels it', async ({ page }) => {
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD);
    await page.goto('/doctor/recetas');
    await expect(heading(page, 'Recetas')).toBeVisible();
    await expect(page.getByText(/^\d+ recetas$/)).toBeVisible();
    await expectNoAxeViolations(page, '/doctor/recetas');

    await page.getByRole('button', { name: 'Nueva receta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva receta' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'el diálogo «Nueva receta»', '[role=dialog]');

    // Saving empty says what is missing, in Spanish.
    await dialog.getByRole('button', { name: 'Crear la receta' }).click();
    await expect(dialog.getByText('Elige el paciente')).toBeVisible();
    await expect(dialog.getByText('Escribe el diagnóstico')).toBeVisible();

    await dialog.getByLabel(label('Paciente')).fill('Moreno');
    await page.getByRole('option', { name: 'Javier Moreno López (DNI 50123456Q)' }).click();
    await dialog.getByRole('textbox', { name: label('Diagnóstico') }).fill('Gastroenteritis aguda');
    const first = dialog.getByRole('group', { name: 'Medicamento 1' });
    await first
      .getByRole('textbox', { name: label('Medicamento (nombre, dosis y forma)') })
      .fill('Metoclopramida 10 mg comprimidos');
    await first.getByRole('textbox', { name: label('Dosis') }).fill('1 comprimido');
    await first.getByRole('textbox', { name: label('Frecuencia') }).fill('cada 8 horas');
    await first.getByRole('textbox', { name: label('Duración') }).fill('3 días');
    await first.getByRole('textbox', { name: label('Envases o unidades') }).fill('1 envase de 10 comprimidos');
    // The second, from the doctor's recent medicines (its posology comes with it).
    await dialog.getByRole('button', { name: 'Añadir otro medicamento' }).click();
    await dialog.getByLabel('Añadir un medicamento que has recetado hace poco').click();
    await page.getByRole('option', { name: 'Paracetamol 1 g comprimidos' }).click();
    const second = dialog.getByRole('group', { name: 'Medicamento 2' });
    await expect(second.getByRole('textbox', { name: label('Medicamento (nombre, dosis y forma)') })).toHaveValue(
      'Paracetamol 1 g comprimidos',
    );
    await expect(second.getByRole('textbox', { name: label('Frecuencia') })).toHaveValue('cada 8 horas si hay dolor');
    await dialog.getByRole('button', { name: 'Crear la receta' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Receta creada')).toBeVisible();

    const card = page.getByRole('listitem').filter({ hasText: 'Gastroenteritis aguda' });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Javier Moreno López')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await card.getByRole('link', { name: /^Descargar el PDF de la receta del / }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^receta-\d{4}-\d{2}-\d{2}-[A-Z2-9]{4}-[A-Z2-9]{4}\.pdf$/);
    const text = await downloadedPdfText(download);
    for (const expected of [
      'Javier Moreno López',
      'Documento: DNI 50123456Q',
      '1. Metoclopramida 10 mg comprimidos',
      '2. Paracetamol 1 g comprimidos',
      'Nº de colegiado: 282845671',
      'Dra. Lucía Fernández Gómez',
    ]) {
      expect(text).toContain(expected);
    }

    await card.getByRole('button', { name: 'Anular' }).click();
    const cancel = page.getByRole('dialog', { name: 'Anular la receta' });
    await expect(cancel).toBeVisible();
    await expectNoAxeViolations(page, 'el diálogo «Anular la receta»', '[role=dialog]');
    await cancel.getByRole('textbox', { name: label('Motivo de la anulación') }).fill('Paciente equivocado');
    await cancel.getByRole('button', { name: 'Anular la receta' }).click();
    await expect(cancel).toBeHidden();
    await expect(card.getByText('Anulada: Paciente equivocado')).toBeVisible();
  });

  test('the doctor sees and edits a patient’s treatments on the chart', async ({ page }) => {
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD);
    await page.goto('/doctor/pacientes');
    await page.getByLabel('Buscar pacientes').fill('Moreno López');
    await page
      .getByRole('link', { name: /Moreno López/ })
      .first()
      .click();
    const treatment = page.getByRole('article', { name: 'Rehabilitación lumbar' });
    await expect(treatment.getByText('3 de 10 sesiones')).toBeVisible();
    await expectNoAxeViolations(page, 'la ficha del paciente con sus tratamientos');
    await treatment.getByRole('button', { name: 'Editar Rehabilitación lumbar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar el tratamiento' });
    await expect(dialog.getByRole('textbox', { name: label('Título') })).toHaveValue('Rehabilitación lumbar');
    await expectNoAxeViolations(page, 'el diálogo «Editar el tratamiento»', '[role=dialog]');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the doctor sees which treatment an appointment is a session of, in the agenda', async ({ page }) => {
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD);
    // The demo books the treatment's sessions a week apart on the weekday of CLOCK_START (a Monday), at 14:20.
    await page.goto('/doctor/citas?fecha=2026-01-19');
    await page.getByRole('button', { name: /14:20.*Javier Moreno López/ }).click();
    const select = page.getByRole('combobox', { name: 'Sesión del tratamiento' });
    await expect(select).toHaveValue('Rehabilitación lumbar');
    await expectNoAxeViolations(page, 'el panel de una cita con su tratamiento');
  });

  test('the patient sees their treatment’s progress and downloads its prescription', async ({ page }) => {
    await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD);
    await page.goto('/pacientes/tratamientos');
    await expect(heading(page, 'Mis tratamientos')).toBeVisible();
    const treatment = page.getByRole('article', { name: 'Rehabilitación lumbar' });
    await expect(treatment.getByText('3 de 10 sesiones')).toBeVisible();
    await expect(
      treatment.getByRole('progressbar', { name: 'Progreso de Rehabilitación lumbar: 3 de 10 sesiones' }),
    ).toHaveAttribute('aria-valuenow', '30');
    await expect(
      page.getByRole('article', { name: 'Control de la tensión arterial' }).getByText('3 de 3 sesiones'),
    ).toBeVisible();
    await expectNoAxeViolations(page, '/pacientes/tratamientos');

    const link = treatment.getByRole('link', { name: /^PDF de la receta del / }).first();
    const downloading = page.waitForEvent('download');
    await link.click();
    const text = await downloadedPdfText(await downloading);
    expect(text).toContain('Javier Moreno López');
    expect(text).toContain('Ibuprofeno 600 mg comprimidos');
    expect(text).toContain('Nº de colegiado: 282845671');
  });
});
