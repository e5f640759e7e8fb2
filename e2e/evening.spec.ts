import { DEMO, DEMO_PASSWORD, eveningBaseUrl, eveningNow, eveningTest as test, expect, signInViaApi } from './fixtures';

// The evening clinic (a Wednesday at 19:30 in Madrid) runs beside the morning one: its own clock and data.
test('the evening clinic runs on its own clock: the diary is of Wednesday and the browser agrees', async ({ page }) => {
  const weekday = new Intl.DateTimeFormat('es-ES', { weekday: 'long', timeZone: 'Europe/Madrid' }).format(eveningNow());
  expect(weekday).toBe('miércoles');
  await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD, eveningBaseUrl());
  await page.goto('/admin/citas-hoy');
  const hour = await page.evaluate(() =>
    new Intl.DateTimeFormat('es-ES', { hour: 'numeric', timeZone: 'Europe/Madrid' }).format(new Date()),
  );
  expect(Number(hour)).toBeGreaterThanOrEqual(19);
  await expect(page.getByText(/miércoles/i).first()).toBeVisible();
});
