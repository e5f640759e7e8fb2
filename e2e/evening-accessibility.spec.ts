import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, eveningBaseUrl, eveningTest as test, expect, signInViaApi } from './fixtures';

// The suite's morning clinic meets no past row of the day: these screens are read again on the evening clinic
// (a Wednesday at 19:30), where the day's agenda holds past, current and later appointments (issue 25, item 6).
test.describe('Accesibilidad por la tarde: filas pasadas, presentes y futuras', () => {
  test('la doctora: su panel y su agenda del día', async ({ page }) => {
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD, eveningBaseUrl());
    await page.goto('/doctor/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, '/doctor/dashboard por la tarde', undefined, { labelInName: true });
    await page.goto('/doctor/citas');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, '/doctor/citas por la tarde', undefined, { labelInName: true });
  });

  test('la recepción: las citas del día', async ({ page }) => {
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD, eveningBaseUrl());
    await page.goto('/admin/citas-hoy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, '/admin/citas-hoy por la tarde', undefined, { labelInName: true });
  });

  test('la paciente: sus tratamientos, con las recetas que descarga', async ({ page }) => {
    await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD, eveningBaseUrl());
    await page.goto('/pacientes/tratamientos');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, '/pacientes/tratamientos por la tarde', undefined, { labelInName: true });
  });
});
