import AxeBuilder from '@axe-core/playwright';
import { WCAG_22_AA } from './axe';
import { expect, test } from './fixtures';

/**
 * The API's reference page (issue 22, item 7): Swagger UI at /api/docs reads /api/openapi.json and shows
 * the areas and operations in Spanish, under the same Content-Security-Policy as every page of the app
 * (no inline script, no eval): the policy is not loosened for it.
 */
test('la referencia de la API se lee en /api/docs con la política de seguridad de la aplicación', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  const app = await page.request.get('/');
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toBe(app.headers()['content-security-policy']);
  await expect(page).toHaveTitle('API de Clínica — referencia');
  await expect(page.getByRole('heading', { name: /API de Clínica/ })).toBeVisible();

  // The first area; another one found by its name (the page draws the areas as they scroll into view),
  // and one of its operations opened: its Spanish summary, its access and its parameters.
  await expect(page.getByRole('heading', { name: 'Sesión y cuentas' })).toBeVisible();
  await page.getByPlaceholder('Filter by tag').fill('Pacientes');
  await expect(page.getByRole('heading', { name: 'Pacientes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sesión y cuentas' })).toHaveCount(0);
  const operation = page.locator('.opblock').filter({ hasText: '/api/patients/{id}/chart' });
  await operation.getByRole('button', { name: /Historia clínica de un paciente/ }).click();
  await expect(operation.getByText('permiso', { exact: false }).first()).toContainText('read:chart');
  await expect(operation.getByText('Parameters')).toBeVisible();

  // WCAG 2.2 AA, with the colours and sizes our stylesheet fixes; Swagger UI's own markup nests the
  // path's link inside the operation's button (nested-interactive), which a stylesheet cannot change.
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_22_AA)
    .disableRules(['nested-interactive'])
    .analyze();
  expect(
    violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`)),
  ).toEqual([]);
  expect(problems).toEqual([]);
});
