import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, signInViaApi, test } from './fixtures';

const getJson = async <T>(page: Page, url: string): Promise<T> => {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
};

test.describe('dashboards', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the admin dashboard charts occupancy and attendance, and its counts lead to their screens', async ({
    page,
  }) => {
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Panel de la clínica' })).toBeVisible();
    const summary = await getJson<{
      unreadMessages: number;
      overdueTasks: number;
      noShow: { attended: number; noShows: number };
    }>(page, '/api/dashboard/admin');

    const occupancy = page.getByRole('region', { name: 'Ocupación esta semana' });
    await expect(occupancy.locator('svg.recharts-surface')).toBeVisible();
    await expect(occupancy.getByRole('table', { name: 'Ocupación de cada profesional esta semana' })).toBeAttached();
    const attendance = page.getByRole('region', { name: 'Asistencia (30 días)' });
    await expect(attendance.locator('svg.recharts-surface')).toBeVisible();
    await expect(attendance).toContainText(`Atendidas: ${summary.noShow.attended.toLocaleString('es-ES')}`);
    await expect(attendance).toContainText(`No asistió: ${summary.noShow.noShows.toLocaleString('es-ES')}`);

    await expect(page.getByText('Mensajes sin leer').locator('xpath=..')).toContainText(String(summary.unreadMessages));
    await expect(page.getByText('Tareas vencidas').locator('xpath=..')).toContainText(String(summary.overdueTasks));
    await expectNoAxeViolations(page, '/admin/dashboard');

    await page.getByRole('main').locator('a[href="/admin/mensajes"]').click();
    await expect(page).toHaveURL(/\/admin\/mensajes$/);
    await page.goBack();
    await page.getByRole('main').locator('a[href="/admin/tareas?overdue=true"]').click();
    await expect(page).toHaveURL(/\/admin\/tareas\?overdue=true$/);
    await expect(page.getByRole('checkbox', { name: 'Solo vencidas' })).toBeChecked();
  });

  test('the demo paciente sees the active treatment, the latest prescriptions and the messages card', async ({
    page,
  }) => {
    await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD);
    await page.goto('/pacientes/dashboard');
    const treatments = page.getByRole('region', { name: 'Tratamientos activos' });
    await expect(treatments.getByText(/^\d+ de \d+ sesiones$/).first()).toBeVisible();
    await expect(treatments.getByRole('link', { name: 'Ver mis tratamientos' })).toHaveAttribute(
      'href',
      '/pacientes/tratamientos',
    );

    const prescriptions = page.getByRole('region', { name: 'Últimas recetas' });
    await expect(
      prescriptions.getByRole('link', { name: /^Descargar el PDF de la receta del / }).first(),
    ).toHaveAttribute('href', /^\/api\/prescriptions\/[^/]+\/pdf$/);
    expect(await prescriptions.getByRole('listitem').count()).toBeLessThanOrEqual(3);

    const messages = page.getByRole('region', { name: 'Mensajes' });
    await expect(messages.getByRole('link')).toHaveAttribute('href', '/pacientes/mensajes');
    await expectNoAxeViolations(page, '/pacientes/dashboard');
  });
});
