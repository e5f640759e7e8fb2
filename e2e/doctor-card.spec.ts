import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, signInViaApi, test } from './fixtures';

test.describe('Mi ficha profesional', () => {
  test('la doctora edita su presentación y ve su horario y sus ausencias', async ({ page }) => {
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD);
    await page.goto('/doctor/perfil');
    const card = page.getByRole('region', { name: 'Mi ficha profesional' });
    const bio = card.getByRole('textbox', { name: 'Presentación' });
    await expect(bio).toHaveValue(/^Médica de familia con quince años/);
    await expectNoAxeViolations(page, '/doctor/perfil (ficha profesional)');

    // The demo doctor's split shifts, and the weekend without hours.
    const schedule = card.getByRole('table', { name: 'Horario semanal' });
    await expect(schedule.getByRole('row', { name: /^Lunes/ })).toContainText('09:00–14:00');
    await expect(schedule.getByRole('row', { name: /^Lunes/ })).toContainText('16:00–19:00');
    await expect(schedule.getByRole('row', { name: /^Domingo/ })).toContainText('Sin consulta');
    // Forty days after the suite's Monday, 12 January 2026, for five days.
    await expect(card.getByRole('list', { name: 'Próximas ausencias' })).toContainText(
      'Del 21 de febrero de 2026 al 25 de febrero de 2026 · Vacaciones',
    );
    await expect(card.getByText('Tu horario y tus ausencias los gestiona la clínica')).toBeVisible();

    const original = await bio.inputValue();
    const edited = 'Médica de familia. Atiendo también consultas de salud del viajero.';
    await bio.fill(edited);
    await expect(card.getByText(`${edited.length} / 1500 caracteres`)).toBeVisible();
    await card.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Presentación guardada')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Presentación' })).toHaveValue(edited);

    await bio.fill('a'.repeat(1501));
    await card.getByRole('button', { name: 'Guardar' }).click();
    await expect(card.getByText('La presentación no puede superar los 1500 caracteres')).toBeVisible();

    // Other specs may read the demo doctor's presentation: put it back.
    await bio.fill(original);
    await card.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Presentación guardada')).toBeVisible();
  });
});
