import type { Page } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  fillLogin,
  label,
  linkIn,
  login,
  readMailsTo,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

const pathnameOf = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

test.describe('Sesión y cuentas', () => {
  test('un paciente nuevo se registra, entra en su área y cierra la sesión', async ({ page }) => {
    const email = uniqueEmail();
    const name = 'Ana Registro Prueba';
    const password = 'Ventana-Azul-4821';

    await page.goto('/auth/register');
    await expect(heading(page, 'Crear una cuenta')).toBeVisible();
    await page.getByRole('textbox', { name: label('Nombre y apellidos') }).fill(name);
    await page.getByRole('textbox', { name: label('Correo electrónico') }).fill(email);
    await page.getByRole('textbox', { name: label('Teléfono') }).fill('+34 600 111 222');
    await page.getByLabel(label('Contraseña')).fill(password);
    await page.getByLabel(label('Repite la contraseña')).fill(password);
    await page.getByRole('checkbox', { name: /acepto la política de privacidad/ }).check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/pacientes/dashboard');
    await expect(heading(page, /^Hola/)).toBeVisible();
    await expect(page.getByRole('banner').getByText(name)).toBeVisible();

    await signOut(page);
    await expect(page.getByRole('link', { name: 'Iniciar sesión' }).first()).toBeVisible();

    await page.goto('/pacientes/dashboard');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByText('Inicia sesión para continuar')).toBeVisible();
  });

  test('una contraseña equivocada muestra «Contraseña incorrecta»', async ({ page }) => {
    await login(page, DEMO.paciente.email, 'no-es-la-clave');
    await expect(page.getByRole('alert')).toHaveText('Contraseña incorrecta');
    await expect(page).toHaveURL((url) => url.pathname === '/auth/login');
  });

  test('un correo desconocido muestra «Usuario no encontrado»', async ({ page }) => {
    await login(page, uniqueEmail('nadie'), 'cualquier-clave-larga');
    await expect(page.getByRole('alert')).toHaveText('Usuario no encontrado');
  });

  test('restablecer la contraseña con el enlace del correo (y el enlace solo sirve una vez)', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail('olvido');
    const newPassword = 'Tortuga-Verde-7315';
    const created = await request.post('/api/auth/sign-up', {
      data: { email, password: 'Primera-Clave-2931', displayName: 'Olga Olvido' },
      headers: { Origin: baseURL! },
    });
    expect(created.status()).toBe(201);

    await page.goto('/auth/reset-password');
    await page.getByRole('textbox', { name: label('Correo electrónico') }).fill(email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByRole('status').getByText('Revisa tu correo')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const [mail] = await readMailsTo(email);
    expect(mail!.subject).toContain('Restablece tu contraseña');
    const link = linkIn(mail!, '/auth/nueva-contrasena');
    expect(new URL(link).searchParams.get('token')).toBeTruthy();

    await page.goto(link);
    await expect(heading(page, 'Elige una contraseña nueva')).toBeVisible();
    await page.getByLabel(label('Contraseña nueva')).fill(newPassword);
    await page.getByLabel(label('Repite la contraseña')).fill(newPassword);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/pacientes/dashboard');
    await expect(heading(page, /^Hola/)).toBeVisible();
    await expect(page.getByText('Contraseña cambiada')).toBeVisible();

    await signOut(page);
    await login(page, email, newPassword);
    await expect(page).toHaveURL((url) => url.pathname === '/pacientes/dashboard');
    await expect(heading(page, /^Hola/)).toBeVisible();
    await signOut(page);

    await page.goto(link);
    await page.getByLabel(label('Contraseña nueva')).fill('Otra-Clave-Nueva-5530');
    await page.getByLabel(label('Repite la contraseña')).fill('Otra-Clave-Nueva-5530');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'El enlace para restablecer la contraseña no es válido o ha caducado',
    );
    await expect(page).toHaveURL((url) => url.pathname === '/auth/nueva-contrasena');
  });
});

test.describe('Guardas de las áreas', () => {
  test('un paciente que abre /admin/usuarios acaba en /unauthorized', async ({ page }) => {
    await login(page, DEMO.paciente.email, DEMO_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === '/pacientes/dashboard');

    await page.goto('/admin/usuarios');
    await expect(page).toHaveURL((url) => url.pathname === '/unauthorized');
    await expect(heading(page, 'No tienes acceso a esta página')).toBeVisible();
  });

  test('quien no ha iniciado sesión va a «/» y, al entrar, vuelve a la página que pidió', async ({ page }) => {
    await page.goto('/doctor/citas');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    const notice = page.getByRole('alert').filter({ hasText: 'Inicia sesión para continuar' });
    await expect(notice).toBeVisible();

    await notice.getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/auth/login');
    await fillLogin(page, DEMO.doctor.email, DEMO_PASSWORD);

    await expect(page).toHaveURL((url) => url.pathname === '/doctor/citas');
    await expect(heading(page, 'Mis citas')).toBeVisible();
  });

  test('un enlace profundo del área admin sobrevive a una recarga completa', async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === '/admin/dashboard');

    const response = await page.goto('/admin/pacientes/123');
    expect(response?.status()).toBe(200);
    await expect(heading(page, 'Ficha del paciente')).toBeVisible();

    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await expect(page).toHaveURL((url) => url.pathname === '/admin/pacientes/123');
    await expect(heading(page, 'Ficha del paciente')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    await expect(page.getByRole('banner').getByText(DEMO.admin.name)).toBeVisible();
    await expect(page.getByRole('banner').getByText('Administración')).toBeVisible();
  });
});

test.describe('Carga de pantallas', () => {
  /** Holds a screen's code back for 1.5 s; answers how many requests for it were held. */
  async function delayChunk(page: Page, pattern: string) {
    const held = { count: 0 };
    await page.route(pattern, async (route) => {
      held.count += 1;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    return held;
  }

  // The public pages the server draws show at once; a page the browser draws shows «Cargando...».
  test('«Cargando...» mientras llega el código de la pantalla, al abrirla directamente', async ({ page }) => {
    const held = await delayChunk(page, '**/assets/public-unauthorized-*.js');
    await page.goto('/unauthorized', { waitUntil: 'commit' });
    await expect(page.getByText('Cargando...')).toBeVisible();
    await expect(heading(page, 'No tienes acceso a esta página')).toBeVisible();
    await expect(page.getByText('Cargando...')).toBeHidden();
    expect(held.count).toBe(1);
  });

  test('«Cargando...» mientras llega el código de la pantalla, al navegar dentro de la app', async ({ page }) => {
    await page.goto('/auth/login');
    // The form turns usable once the app has taken the page over, and with it the page's links.
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    const held = await delayChunk(page, '**/assets/public-terms-*.js');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Términos y condiciones' }).click();
    await expect(page.getByText('Cargando...')).toBeVisible();
    await expect(heading(page, /^Términos y condiciones/)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/terminos-y-condiciones');
    await expect(page.getByText('Cargando...')).toBeHidden();
    expect(held.count).toBe(1);
  });
});

test.describe('La sesión cambia en otra pestaña', () => {
  test('cerrar sesión en una pestaña cierra también la otra', async ({ page, context }) => {
    await login(page, DEMO.admin.email, DEMO_PASSWORD);
    await expect(heading(page, 'Panel de la clínica')).toBeVisible();

    const other = await context.newPage();
    await other.goto('/admin/dashboard');
    await expect(heading(other, 'Panel de la clínica')).toBeVisible();

    await signOut(other);
    await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 5_000 });
    await expect(page.getByText('Inicia sesión para continuar')).toBeVisible();
  });

  test('si la sesión se cierra fuera (sin aviso), la pestaña lo nota al recuperar el foco', async ({ page }) => {
    await page.clock.install();
    await login(page, DEMO.admin.email, DEMO_PASSWORD);
    await expect(heading(page, 'Panel de la clínica')).toBeVisible();

    // Signed out elsewhere: the server forgets the session and no other tab announces it.
    const response = await page.request.post('/api/auth/sign-out', { headers: { Origin: new URL(page.url()).origin } });
    expect(response.status()).toBe(204);
    expect(pathnameOf(page)).toBe('/admin/dashboard');

    // The app checks again on focus when its last check is more than 5 s old.
    await page.clock.fastForward(6_000);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 5_000 });
    await expect(page.getByText('Inicia sesión para continuar')).toBeVisible();
  });
});

test.describe('Detalles de la interfaz', () => {
  test('las notificaciones miden 320 px de ancho', async ({ page }) => {
    const email = uniqueEmail('perfil');
    await page.goto('/');
    await signUpViaApi(page, { email, password: 'Lampara-Roja-6402', displayName: 'Pedro Perfil' });

    await page.goto('/pacientes/perfil');
    await expect(heading(page, 'Mi perfil')).toBeVisible();
    const phone = page.getByRole('textbox', { name: label('Teléfono') });
    await phone.fill('+34 611 222 333');
    // The one phone lives in «Datos de contacto de tu ficha», saved by its own button.
    await page.getByRole('button', { name: 'Guardar datos de contacto' }).click();

    const toast = page.getByRole('alert').filter({ hasText: 'Datos de contacto guardados' });
    await expect(toast).toBeVisible();
    const width = await toast.evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeCloseTo(320, 1);

    await page.reload();
    await expect(page.getByRole('textbox', { name: label('Teléfono') })).toHaveValue('+34 611 222 333');
  });

  test('una dirección que no existe muestra «Página no encontrada» (404)', async ({ page }) => {
    const response = await page.goto('/no-existe');
    expect(response?.status()).toBe(404);
    await expect(heading(page, 'Página no encontrada')).toBeVisible();

    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('el documento está en español: <html lang="es">', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.goto('/auth/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });
});
