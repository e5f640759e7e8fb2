import { expectNoAxeViolations } from './axe';
import { baseUrl, DEMO, DEMO_PASSWORD, expect, newClinicContext, signInViaApi, test } from './fixtures';

/** The Traumatología doctor of the demo: the demo paciente's infiltration visits are hers. */
const TRAUMA = { email: 'dra.navarro@clinica.demo' };
const SHOTS = process.env.SCREENSHOT_DIR;

test.describe('Consentimientos y cuestionarios en la ficha', () => {
  let patientId: string;

  test.beforeAll(async ({ browser }) => {
    const context = await newClinicContext(browser);
    const signIn = await context.request.post('/api/auth/sign-in', {
      headers: { Origin: baseUrl() },
      data: { email: DEMO.paciente.email, password: DEMO_PASSWORD },
    });
    expect(signIn.ok()).toBeTruthy();
    patientId = ((await (await context.request.get('/api/me/patient')).json()) as { id: string }).id;
    await context.close();
  });

  for (const width of [1280, 390]) {
    test(`la recepción ve los consentimientos del paciente y su PDF (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
      await page.goto(`/admin/pacientes/${patientId}`);
      const consents = page.getByRole('region', { name: 'Consentimientos informados' });
      const signed = consents.getByRole('listitem').filter({ hasText: 'Firmado el' });
      await expect(signed.first()).toContainText('Consentimiento informado para infiltración · versión');
      await expect(signed.first().getByText('Firmado', { exact: true })).toBeVisible();
      await expect(consents.getByText('Pendiente de firma').first()).toBeVisible();
      const pdf = await page.request.get(
        (await signed
          .first()
          .getByRole('link', { name: /^Descargar el PDF/ })
          .getAttribute('href'))!,
      );
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      await expect(page.getByRole('region', { name: 'Cuestionarios' })).toBeVisible();
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page, `la ficha del paciente con sus consentimientos (${width} px)`);
      if (SHOTS) {
        await consents.screenshot({ path: `${SHOTS}/admin-consents-${width}.png` });
        await page.getByRole('region', { name: 'Cuestionarios' }).screenshot({ path: `${SHOTS}/admin-q-${width}.png` });
      }
    });
  }

  test('su médica los ve en su ficha, a 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await signInViaApi(page, TRAUMA.email, DEMO_PASSWORD);
    await page.goto(`/doctor/pacientes/${patientId}`);
    const consents = page.getByRole('region', { name: 'Consentimientos informados' });
    await expect(consents.getByRole('listitem').filter({ hasText: 'Firmado el' }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cuestionarios' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'la ficha de la médica con los consentimientos');
    if (SHOTS) await consents.screenshot({ path: `${SHOTS}/doctor-consents-390.png` });
  });
});
