import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, signInViaApi, test } from './fixtures';

test.describe('Consentimientos', () => {
  test('la clínica crea una plantilla para un servicio, publica la versión 2 y ve el historial', async ({ page }) => {
    const title = `Consentimiento para dermatoscopia ${Date.now()}`;
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: 'Consentimientos' }).click();
    await expect(page).toHaveURL(/\/admin\/consentimientos$/);
    const table = page.getByRole('table', { name: 'Plantillas de consentimiento' });
    // The demo's infiltration template is in its second version.
    await expect(table.getByRole('row', { name: /Consentimiento informado para infiltración/ })).toContainText('v2');
    await expectNoAxeViolations(page, '/admin/consentimientos');

    await page.getByRole('button', { name: 'Nueva plantilla' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva plantilla de consentimiento' });
    await dialog.getByRole('textbox', { name: 'Título' }).fill(title);
    await dialog.getByRole('combobox', { name: 'Servicios a los que se aplica' }).click();
    await page.getByRole('option', { name: 'Dermatoscopia digital' }).click();
    await page.keyboard.press('Escape');
    await dialog
      .getByRole('textbox', { name: 'Descripción del procedimiento' })
      .fill('## Qué es\n\nUna **dermatoscopia digital** <img src=x onerror=alert(1)>');
    const preview = dialog.getByRole('region', { name: 'Vista previa: descripción del procedimiento' });
    await expect(preview.locator('strong')).toHaveText('dermatoscopia digital');
    await expect(preview.locator('img')).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'Riesgos' }).fill('- Ninguno relevante');
    await expectNoAxeViolations(page, 'diálogo «Nueva plantilla de consentimiento»');
    await dialog.getByRole('button', { name: 'Publicar versión' }).click();
    await expect(page.getByText('Versión 1 publicada')).toBeVisible();

    // The template opens with its history; a change publishes version 2.
    const drawer = page.getByRole('dialog', { name: title });
    await drawer.getByRole('button', { name: 'Publicar versión nueva' }).click();
    const next = page.getByRole('dialog', { name: `Versión 2 de «${title}»` });
    await next.getByRole('textbox', { name: 'Riesgos' }).fill('- Molestia leve por la presión del aparato');
    await next.getByRole('button', { name: 'Publicar versión' }).click();
    await expect(page.getByText('Versión 2 publicada')).toBeVisible();

    const history = page.getByRole('dialog', { name: title });
    await expect(history.getByText('Versión vigente: v2')).toBeVisible();
    await expect(history.getByRole('button', { name: /v2 · / })).toHaveAttribute('aria-expanded', 'true');
    await expect(history.getByText('Molestia leve por la presión del aparato')).toBeVisible();
    await history.getByRole('button', { name: /v1 · / }).click();
    await expect(history.getByText('Ninguno relevante')).toBeVisible();
    await expectNoAxeViolations(page, 'historial de versiones');
    await page.keyboard.press('Escape');
    await expect(table.getByRole('row', { name: new RegExp(title) })).toContainText('v2');
  });
});
