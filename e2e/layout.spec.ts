import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, login, signInViaApi, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

test.describe('En un móvil (390 px)', () => {
  test('el admin abre el menú y va a «Pacientes»', async ({ page }) => {
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Panel de la clínica' })).toBeVisible();

    const menu = page.getByRole('navigation', { name: 'Navegación principal' });
    const patients = menu.getByRole('link', { name: 'Pacientes' });
    await expect(patients).not.toBeInViewport();

    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    await expect(patients).toBeInViewport();
    await patients.click();

    await expect(page).toHaveURL((url) => url.pathname === '/admin/pacientes');
    await expect(page.getByRole('heading', { level: 1, name: 'Pacientes' })).toBeVisible();
    // Choosing a screen closes the menu.
    await expect(patients).not.toBeInViewport();
  });

  test('sin desplazamiento horizontal en la portada, el acceso y el panel del admin', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    await login(page, DEMO.admin.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Panel de la clínica' })).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  });
});

test.describe('En un móvil (390 px), los textos cortos no se cortan', () => {
  test('«Hoy» junto a la fecha larga del diario se lee entero', async ({ page }) => {
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await page.goto('/admin/citas-hoy');
    const today = page.locator('.mantine-Badge-root').filter({ hasText: /^Hoy$/ });
    await expect(today).toBeVisible();
    // Mantine's badge label ellipsizes what does not fit: its whole text must fit.
    expect(
      await today.locator('.mantine-Badge-label').evaluate((label) => label.scrollWidth <= label.clientWidth),
    ).toBe(true);
  });
});
