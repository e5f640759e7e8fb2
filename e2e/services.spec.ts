import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, signInViaApi, test } from './fixtures';

test.describe('Servicios y tarifas', () => {
  test('la recepción ve el catálogo de la demo y da de alta un servicio con su precio y su IVA', async ({ page }) => {
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: 'Servicios y tarifas' }).click();
    await expect(page).toHaveURL(/\/admin\/servicios$/);
    const table = page.getByRole('table', { name: 'Servicios y tarifas' });
    const peeling = table.getByRole('row', { name: /Peeling químico \(estético\)/ });
    await expect(peeling).toContainText('120,00 €');
    await expect(peeling).toContainText('21 %');
    await expect(peeling).toContainText('Solo en la clínica');
    await expectNoAxeViolations(page, '/admin/servicios');

    await page.getByRole('combobox', { name: 'Especialidad' }).click();
    await page.getByRole('option', { name: 'Traumatología' }).click();
    await expect(table.getByRole('row')).toHaveCount(5);

    await page.getByRole('button', { name: 'Nuevo servicio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo servicio' });
    await dialog.getByRole('textbox', { name: 'Nombre del servicio' }).fill('Vendaje funcional');
    await dialog.getByRole('combobox', { name: 'Especialidad' }).click();
    await page.getByRole('option', { name: 'Traumatología' }).click();
    await dialog.getByRole('textbox', { name: 'Precio' }).fill('35,5');
    await expectNoAxeViolations(page, 'diálogo «Nuevo servicio»');
    await dialog.getByRole('button', { name: 'Crear servicio' }).click();
    await expect(page.getByText('Servicio creado')).toBeVisible();
    const created = table.getByRole('row', { name: /Vendaje funcional/ });
    await expect(created).toContainText('35,50 €');
    await expect(created).toContainText('Exento');
    await expect(created).toContainText('Todos los de la especialidad');

    // An unused service can be deleted; the demo's own are left as they were.
    await created.getByRole('button', { name: 'Editar Vendaje funcional (Traumatología)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Borrar servicio' }).click();
    await expect(page.getByText('Servicio borrado')).toBeVisible();
    await expect(table.getByRole('row', { name: /Vendaje funcional/ })).toHaveCount(0);
  });
});
