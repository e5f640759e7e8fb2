import { expect, test } from './fixtures';

// The public pages arrive drawn by the server (src/server/platform/spa/spa.ts) and the app takes them over.
const PAGES = [
  { path: '/', heading: /tu salud, con cita en un minuto/, text: 'Especialidades' },
  { path: '/agendar-cita', heading: 'Pedir cita', text: 'Especialidad y profesional' },
  { path: '/auth/login', heading: 'Iniciar sesión', text: 'Entrar' },
  { path: '/terminos-y-condiciones', heading: 'Términos y condiciones', text: 'Política de privacidad' },
];

test.describe('Páginas públicas dibujadas por el servidor', () => {
  test.describe('sin JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    for (const { path, heading, text } of PAGES) {
      test(`${path} se lee entera`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByText(text).first()).toBeVisible();
        await expect(page.getByText('Cargando')).toHaveCount(0);
      });
    }
  });

  test('la aplicación toma la página sin rehacerla ni quejarse, y responde', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    // The element drawn by the server is the one the app keeps (a new render would replace it).
    await heading.evaluate((element) => element.setAttribute('data-from-server', 'sí'));

    // Interactive: the phone menu opens, and a link goes to another screen without loading a new page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(heading).toHaveAttribute('data-from-server', 'sí');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('link', { name: 'Pedir cita' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pedir cita' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(problems).toEqual([]);
  });

  test('la portada y las páginas legales no cargan la aplicación hasta que el visitante actúa, y nada pulsado antes se pierde', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/terminos-y-condiciones');
    // Named by the server, before any script runs.
    await expect(page).toHaveTitle(/^Términos y condiciones de uso · /);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)]);

    // The menu, pressed before the app runs, opens once it has the page.
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
