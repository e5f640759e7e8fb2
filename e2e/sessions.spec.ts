import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  baseUrl,
  DEMO,
  DEMO_PASSWORD,
  expect,
  login,
  newClinicContext,
  readMailsTo,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

/** «Sesiones abiertas» (issue 21, item 3): the profile lists the account's sessions and ends them. */
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const SHOTS = process.env.E2E_SHOTS_DIR;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const origin = () => ({ Origin: baseUrl() });

async function signInApi(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/sign-in', { headers: origin(), data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { user: { id: string } };
}

/** The page at 1280 and 390 px wide, saved when E2E_SHOTS_DIR is set (to look at the new section). */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('heading', { name: 'Sesiones abiertas' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a paciente sees her sessions in «Mi perfil», is told by e-mail of the new device, closes it; an admin ends the rest', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('sesiones');
  const password = 'una-clave-segura-1';
  await page.goto('/');
  await signUpViaApi(page, { email, password, displayName: 'Sara Sesiones' });

  // Her phone signs in too: a device the account had not used.
  const phoneContext = await newClinicContext(browser, { userAgent: IPHONE });
  const phone = phoneContext.request;
  await signInApi(phone, email, password);
  const [mail] = await readMailsTo(email);
  expect(mail!.subject).toBe('Nuevo inicio de sesión en tu cuenta de Clínica Salud Arganzuela');
  expect(mail!.text).toContain('- Dispositivo: iPhone con iOS 17');
  expect(mail!.text).toContain('- Navegador: Safari 17');
  expect(mail!.text).toContain('- Lugar aproximado: Red local');
  expect(mail!.text).toContain('(hora de Europe/Madrid)');
  expect(mail!.text).toContain('pulsa «Cerrar las demás»');

  await page.goto('/pacientes/perfil');
  await expect(heading(page, 'Mi perfil')).toBeVisible();
  const list = page.getByRole('list', { name: 'Sesiones abiertas' });
  const here = list.getByRole('listitem').filter({ hasText: 'Esta sesión' });
  await expect(here).toContainText('Chrome');
  await expect(here).toContainText('Red local');
  await expect(here).toContainText('Última actividad: ahora');
  const iphone = list.getByRole('listitem', { name: 'Safari 17 en iPhone con iOS 17' });
  await expect(iphone).toBeVisible();
  await expectNoAxeViolations(page, 'Sesiones abiertas');
  await shoot(page, 'paciente-perfil');

  await iphone.getByRole('button', { name: 'Cerrar la sesión de Safari 17 en iPhone con iOS 17' }).click();
  await expect(page.getByText('Sesión cerrada: Safari 17 en iPhone con iOS 17.')).toBeVisible();
  await expect(iphone).toHaveCount(0);
  expect((await phone.get('/api/profile')).status()).toBe(401);
  await phoneContext.close();

  // The desk ends every session of her account from her user page.
  const own = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  const adminContext = await newClinicContext(browser);
  const admin = await adminContext.newPage();
  await login(admin, DEMO.admin.email, DEMO_PASSWORD);
  await expect(admin).toHaveURL(/\/admin\//);
  await admin.goto(`/admin/usuarios/editar/${own.user.id}`);
  await admin.getByRole('button', { name: 'Cerrar todas sus sesiones' }).click();
  await admin
    .getByRole('dialog', { name: '¿Cerrar todas sus sesiones?' })
    .getByRole('button', { name: 'Cerrar sesiones' })
    .click();
  await expect(admin.getByText('Se ha cerrado 1 sesión de Sara Sesiones.')).toBeVisible();
  expect((await page.request.get('/api/profile')).status()).toBe(401);

  // The admin's own profile has the section too.
  await admin
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: 'Mi perfil' })
    .click();
  await expect(heading(admin, 'Mi perfil')).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Sesiones abiertas' }).getByText('Esta sesión')).toBeVisible();
  await expectNoAxeViolations(admin, '/admin/perfil');
  await shoot(admin, 'admin-perfil');
  await adminContext.close();
});
