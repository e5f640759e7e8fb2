import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, signInViaApi, test } from './fixtures';

/**
 * «Ventas» (decision 0122) on the demo: this month and the last are never empty, every table's total row is the
 * same, the screen passes axe, and on a phone the tables are cards with nothing off-screen.
 */
test.describe('Ventas', () => {
  test('la recepción ve las ventas del mes por servicio, aseguradora y profesional, también en un móvil', async ({
    page,
  }) => {
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await page.goto('/admin/facturacion?pestana=ventas');
    const tables = ['Ventas por servicio', 'Ventas por aseguradora', 'Ventas por profesional'].map((name) =>
      page.getByRole('table', { name }),
    );
    for (const table of tables) await expect(table).toBeVisible();
    const totals = await Promise.all(tables.map((table) => table.getByRole('row').last().innerText()));
    const figures = (text: string) => text.replace(/^\S+/, '').replace(/\s+/g, ' ').trim();
    expect(new Set(totals.map(figures)).size).toBe(1);
    await expect(page.getByText(/Una rectificativa resta en el periodo en que se emite/)).toBeVisible();
    await expectNoAxeViolations(page, 'ventas de este mes');
    await page.getByText('Mes anterior', { exact: true }).click();
    await expect(page.getByText(/Facturas emitidas del/)).toBeVisible();
    await expect(tables[1]!).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(tables[0]!).toBeVisible();
    // Below 48em each row is a card (StackedTable): every figure with its column's name, nothing off-screen.
    await expect(tables[0]!).toHaveAttribute('data-stacked', /.*/);
    await expectNoAxeViolations(page, 'ventas en un móvil');
  });
});
