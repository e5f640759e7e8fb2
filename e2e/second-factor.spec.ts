import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { totpCode } from '../src/server/identity/second-factor/totp';
import { expectNoAxeViolations } from './axe';
import { test as ownClinicTest } from './own-clinic';
import {
  baseUrl,
  clinicNow,
  DEMO,
  DEMO_PASSWORD,
  expect,
  label,
  linkIn,
  login,
  readMailsTo,
  reviewShot,
  signOutViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

const PASSWORD = 'una-clave-segura-2fa';

/** The demo admin's API session, to invite staff. */
async function adminApi(clinicUrl: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: clinicUrl, extraHTTPHeaders: { Origin: clinicUrl } });
  const signedIn = await api.post('/api/auth/sign-in', { data: { email: DEMO.admin.email, password: DEMO_PASSWORD } });
  expect(signedIn.status()).toBe(200);
  return api;
}

/**
 * A new admin, invited by the demo admin of the clinic at `clinicUrl` (the worker's own by default); she
 * chooses her password in `page` from the e-mail's link.
 */
async function newAdmin(page: Page, clinicUrl = baseUrl()): Promise<string> {
  const email = uniqueEmail('admin2fa');
  const api = await adminApi(clinicUrl);
  const invited = await api.post('/api/users', { data: { email, displayName: 'Irene Segura Díaz', role: 'admin' } });
  expect(invited.status(), await invited.text()).toBe(201);
  await api.dispose();
  const [mail] = await readMailsTo(email);
  await page.goto(linkIn(mail!, '/auth/nueva-contrasena'));
  await page.getByLabel(label('Contraseña nueva')).fill(PASSWORD);
  await page.getByLabel(label('Repite la contraseña')).fill(PASSWORD);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin/dashboard');
  return email;
}

/**
 * A code of the app one step (30 s) ahead of the server's clock: the step the setup used is spent, and
 * ±1 step is accepted. Away from a step's edge, so that the browser and the server agree on the step.
 */
async function nextCode(secret: string): Promise<string> {
  const intoStep = clinicNow().getTime() % 30_000;
  if (intoStep > 27_000) await new Promise((resolve) => setTimeout(resolve, 30_500 - intoStep));
  return totpCode(secret, clinicNow().getTime() + 30_000);
}

async function signInToSecondStep(page: Page, email: string) {
  await signOutViaApi(page);
  await login(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
}

test.describe('Segundo factor', () => {
  test('una administradora configura la app de códigos, entra con un código y recupera el acceso con un código de recuperación', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = await newAdmin(page);
    await expect(page.getByRole('link', { name: 'Mi perfil' })).toBeVisible();
    // A fresh page: the toast «Contraseña cambiada» of the previous one has a close button without a name (not ours).
    await page.goto('/admin/perfil');
    const card = page.getByRole('region', { name: 'Segundo factor' });
    await expect(card.getByText('Desactivado')).toBeVisible();
    await card.getByRole('button', { name: 'Configurar app' }).click();
    await expect(card.getByRole('img', { name: /Código QR/ })).toBeVisible();
    const secret = (await card.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await reviewShot(page, 'segundo-factor-qr-1280.png', { fullPage: true });

    const code = card.getByRole('textbox', { name: /Escribe el código de 6 cifras/ });
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await code.fill(totpCode(secret, clinicNow().getTime()));

    // Ten recovery codes, shown once, to download.
    const codes = card.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expectNoAxeViolations(page, '/admin/perfil con los códigos de recuperación');
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Descargar (.txt)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('codigos-de-recuperacion-clinica.txt');
    const text = fs.readFileSync(await file.path(), 'utf8');
    const recovery = text.match(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/gm)!;
    expect(recovery).toHaveLength(10);
    expect(text).toContain(`Cuenta: ${email}`);
    await expect(card.getByRole('button', { name: 'Hecho' })).toBeDisabled();
    await card.getByRole('checkbox', { name: 'He guardado los códigos en un lugar seguro' }).check();
    await card.getByRole('button', { name: 'Hecho' }).click();
    await expect(card.getByText('Activado', { exact: true })).toBeVisible();
    await expect(card.getByText('Te quedan 10 de 10.', { exact: false })).toBeVisible();
    await reviewShot(page, 'segundo-factor-perfil-1280.png', { fullPage: true });

    // The password alone no longer signs her in: the app's code does.
    await signInToSecondStep(page, email);
    const signInCode = page.getByRole('textbox', { name: 'Código de tu app de autenticación' });
    await expect(signInCode).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(page).toHaveURL((url) => url.pathname === '/auth/login');
    await expectNoAxeViolations(page, 'el segundo paso del inicio de sesión');
    await reviewShot(page, 'segundo-factor-codigo-1280.png', { fullPage: true });
    await signInCode.fill('000000' === (await nextCode(secret)) ? '111111' : '000000');
    await expect(page.getByRole('alert')).toContainText('El código no es correcto');
    await page.getByRole('textbox', { name: 'Código de tu app de autenticación' }).fill(await nextCode(secret));
    await expect(page).toHaveURL((url) => url.pathname === '/admin/dashboard');

    // Without her phone: a recovery code, once.
    await signInToSecondStep(page, email);
    await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await page.getByRole('textbox', { name: label('Código de recuperación') }).fill(recovery[0]!.toUpperCase());
    await page.getByRole('button', { name: 'Entrar con el código' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/admin/dashboard');
    await page.goto('/admin/perfil');
    await expect(page.getByText('Te quedan 9 de 10.', { exact: false })).toBeVisible();

    await signInToSecondStep(page, email);
    await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await page.getByRole('textbox', { name: label('Código de recuperación') }).fill(recovery[0]!);
    await page.getByRole('button', { name: 'Entrar con el código' }).click();
    await expect(page.getByRole('alert')).toContainText('no es correcto o ya se ha usado');
  });

  test('una paciente añade una llave de acceso en el móvil y entra con ella (autenticador virtual de Chromium)', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    const email = uniqueEmail('llave');
    await page.goto('/');
    await signUpViaApi(page, { email, password: PASSWORD, displayName: 'Nuria Llave Pérez' });
    await page.goto('/pacientes/perfil');
    const card = page.getByRole('region', { name: 'Segundo factor' });
    await card.getByRole('button', { name: 'Añadir llave de acceso' }).click();
    await card.getByRole('textbox', { name: 'Nombre de la llave' }).fill('Móvil de Nuria');
    await card.getByRole('button', { name: 'Crear llave' }).click();
    await expect(card.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem')).toHaveCount(10);
    await card.getByRole('checkbox', { name: 'He guardado los códigos en un lugar seguro' }).check();
    await card.getByRole('button', { name: 'Hecho' }).click();
    await expect(card.getByText('Móvil de Nuria')).toBeVisible();
    await expect(card.getByText('aún sin usar')).toBeVisible();
    await expectNoAxeViolations(page, '/pacientes/perfil con una llave de acceso');
    await card.scrollIntoViewIfNeeded();
    await reviewShot(page, 'segundo-factor-llaves-390.png', { fullPage: true });

    // Signing in: the passkey comes first (the method this browser used last), one touch.
    await signOutViaApi(page);
    await login(page, email, PASSWORD);
    const usePasskey = page.getByRole('button', { name: 'Usar mi llave de acceso' });
    await expect(usePasskey).toBeVisible();
    await reviewShot(page, 'segundo-factor-llave-390.png', { fullPage: true });
    await usePasskey.click();
    await expect(page).toHaveURL((url) => url.pathname === '/pacientes/dashboard');
    await page.goto('/pacientes/perfil');
    await expect(page.getByRole('region', { name: 'Segundo factor' }).getByText(/usada por última vez/)).toBeVisible();

    // The quickest path: the passkey alone (the device checks it is her), no e-mail, no password.
    await signOutViaApi(page);
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Usar una llave de acceso' })).toBeVisible();
    await reviewShot(page, 'entrar-con-llave-390.png', { fullPage: true });
    await page.getByRole('button', { name: 'Usar una llave de acceso' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/pacientes/dashboard');
  });

  // On the spec-owned clinic (e2e/own-clinic.ts), not the worker's: if a step fails before she has a factor,
  // the requirement stays on and would end every later spec's staff session there; a failed test restarts the
  // worker, and its own clinic with it.
  ownClinicTest(
    'con «Exigir segundo factor al personal», una administradora sin él lo configura en su siguiente paso',
    async ({ browser, ownClinic }) => {
      const page = await ownClinic.newPage(browser, { width: 390, height: 844 });
      await newAdmin(page, ownClinic.baseURL);
      let requirementOn = false;
      try {
        await page.goto('/admin/configuracion');
        await page.getByRole('switch', { name: 'Exigir segundo factor al personal' }).check();
        const saved = page.waitForResponse(
          (response) => response.url().endsWith('/api/settings') && response.request().method() === 'PATCH',
        );
        await page.getByRole('button', { name: 'Guardar cambios' }).click();
        expect((await saved).status()).toBe(200);
        requirementOn = true;

        // Signed in without a factor (issue 33): her next request — the screen asking for the saved settings again
        // — ends the session and opens the set-up step. (A page loaded by hand at that moment could abort that very
        // request and lose the answer that says why, so the test waits for the app's own step.)
        await expect(page).toHaveURL((url) => url.pathname === '/auth/login');
        await expect(page.getByRole('heading', { name: 'Protege tu cuenta' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Crear llave de acceso' })).toBeVisible();
        await expectNoAxeViolations(page, 'la configuración del segundo factor al entrar');
        await reviewShot(page, 'segundo-factor-exigido-390.png', { fullPage: true });
        await page.getByRole('button', { name: 'Usar una app de códigos' }).click();
        const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
        await page
          .getByRole('textbox', { name: /Escribe el código de 6 cifras/ })
          .fill(totpCode(secret, ownClinic.now().getTime()));
        await expect(page.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem')).toHaveCount(10);
        await page.getByRole('checkbox', { name: 'He guardado los códigos en un lugar seguro' }).check();
        await page.getByRole('button', { name: 'Entrar' }).click();
        // Back where the requirement found her.
        await expect(page).toHaveURL((url) => url.pathname === '/admin/configuracion');
      } finally {
        // The other specs of this clinic sign staff in with a password alone: she, with her factor now, puts the
        // setting back (the demo admin has none, so the requirement would have ended her session too).
        if (requirementOn) {
          const off = await page.request.patch('/api/settings', {
            data: { requireSecondFactorForStaff: false },
            headers: { Origin: ownClinic.baseURL },
          });
          expect(off.status()).toBe(200);
        }
        await page.context().close();
      }
    },
  );
});
