import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  DEMO,
  DEMO_PASSWORD,
  eveningBaseUrl,
  eveningTest,
  expect,
  label,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

/** A phone (390 × 844), as the issue «A safe clinic day» tried it. */
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The element lies within the screen's width: nothing to scroll sideways to reach it. */
async function expectWithinWidth(page: Page, element: Locator) {
  // Only the page scrolls (down to it): a sideways-scrolling table is left where it is, as a user sees it.
  await element.evaluate((node) => window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY - 200));
  const box = (await element.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, 'starts on screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'ends on screen').toBeLessThanOrEqual(width);
}

/**
 * «Escríbenos» covers nothing: with the element brought to the bottom of the screen (where the button
 * is), and with the page scrolled to its end, their boxes do not meet.
 */
async function expectChatButtonClear(page: Page, content: Locator, what: string) {
  const chat = page.getByRole('button', { name: 'Escríbenos' });
  await expect(chat).toBeVisible();
  await content.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await page.evaluate(() => new Promise(requestAnimationFrame));
  expect(overlaps((await chat.boundingBox())!, (await content.boundingBox())!), `«Escríbenos» sobre ${what}`).toBe(
    false,
  );
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.evaluate(() => new Promise(requestAnimationFrame));
  expect(
    overlaps((await chat.boundingBox())!, (await content.boundingBox())!),
    `«Escríbenos» sobre ${what} al final`,
  ).toBe(false);
}

test.describe('on a phone, the patient area', () => {
  test('«Mis documentos» shows preview and download, and the profile has one phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD);
    await page.goto('/pacientes/perfil');
    const documents = page.getByRole('region', { name: 'Mis documentos' });
    const download = documents.getByRole('link', { name: /^Descargar / }).first();
    await expect(download).toBeVisible();
    await expectWithinWidth(page, download);
    await expectWithinWidth(page, documents.getByRole('button', { name: /^Vista previa de / }).first());
    // One phone: the record's, under «Datos de contacto de tu ficha».
    await expect(page.getByRole('textbox', { name: /Teléfono/ })).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: 'Teléfono' })).toHaveValue(/^\+34 /);
    await expectNoAxeViolations(page, 'el perfil del paciente en un teléfono');
  });

  // A short screen, so that the pages scroll and content can reach the button's corner.
  for (const viewport of [
    { width: PHONE.width, height: 480 },
    { width: WIDE.width, height: 480 },
  ]) {
    test(`«Escríbenos» covers neither a treatment's progress nor a visit summary (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD);
      await page.goto('/pacientes/tratamientos');
      const progress = page.getByRole('progressbar').first();
      await expect(progress).toBeVisible();
      await expectChatButtonClear(page, progress, 'el progreso del tratamiento');
      await expectNoAxeViolations(page, `los tratamientos (${viewport.width} px)`);

      await page.goto('/pacientes/citas');
      await page.getByRole('tab', { name: 'Anteriores' }).click();
      const summary = page.getByText(/^Diagnóstico: /).first();
      await expect(summary).toBeVisible();
      await expectChatButtonClear(page, summary, 'el resumen de la visita');
    });
  }

  test('«Pedir cita» books from within the area, in its layout', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await signUpViaApi(page, {
      email: uniqueEmail('telefono'),
      password: 'Girasol-Azul-3817',
      displayName: 'Nerea Campos Gil',
      phone: '+34 644 777 888',
    });
    await page.goto('/pacientes/citas');
    await page.getByRole('link', { name: 'Pedir cita' }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === '/pacientes/citas/nueva');
    await expect(page.getByRole('heading', { level: 1, name: 'Pedir cita' })).toBeVisible();
    // Still her area: its menu button and its navigation, not the public header.
    await expect(page.getByRole('button', { name: 'Abrir el menú' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeAttached();
    await expectNoAxeViolations(page, 'pedir cita desde el área del paciente');

    await page
      .getByRole('radiogroup', { name: 'Especialidad' })
      .getByRole('radio', { name: 'Traumatología', exact: true })
      .click();
    await page
      .getByRole('radiogroup', { name: 'Servicio' })
      .getByRole('radio', { name: /^Primera visita/ })
      .click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    const times = page.getByRole('group', { name: /^Horas libres del / });
    const nextWeek = page.getByRole('button', { name: 'Ver la semana siguiente' });
    await expect(times.or(nextWeek)).toBeVisible();
    while (await nextWeek.isVisible()) {
      await nextWeek.click();
      await expect(times.or(nextWeek)).toBeVisible();
    }
    await times.getByRole('button').first().click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    const form = page.getByRole('form', { name: 'Tus datos' });
    await expect(form.getByRole('textbox', { name: label('Teléfono') })).toHaveValue('+34 644 777 888');
    await form.getByRole('textbox', { name: label('Motivo de la consulta') }).fill('Dolor de hombro');
    await form.getByRole('button', { name: 'Confirmar cita' }).click();
    await expect(page.getByRole('heading', { name: 'Cita reservada', exact: true })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/pacientes/citas/nueva');
    await expect(page.getByRole('button', { name: 'Abrir el menú' })).toBeVisible();
  });
});

eveningTest.describe('on a phone, in the evening', () => {
  eveningTest('the doctor sees the status of every row of today on her dashboard', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD, eveningBaseUrl());
    await page.goto('/doctor/dashboard');
    const today = page.getByRole('table').first();
    await expect(today).toBeVisible();
    const attended = today.getByText('Atendida', { exact: true }).first();
    await expect(attended).toBeVisible();
    await expectWithinWidth(page, attended);
    await expectNoAxeViolations(page, 'el panel del doctor en un teléfono por la tarde');
  });

  eveningTest("the doctor's agenda shows each appointment's status", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD, eveningBaseUrl());
    await page.goto('/doctor/citas');
    const status = page.getByRole('listitem').getByText('Atendida', { exact: true }).first();
    await expect(status).toBeVisible();
    await expectWithinWidth(page, status);
    await expectNoAxeViolations(page, 'la agenda del doctor en un teléfono por la tarde');
  });

  eveningTest('the desk sees the state and «Quitar» of a waiting-list entry', async ({ page }) => {
    const options = await (await page.request.get('/api/public/booking-options')).json();
    const joined = await page.request.post('/api/public/waiting-list', {
      headers: { Origin: eveningBaseUrl() },
      data: {
        doctorId: null,
        specialtyId: options.specialties[0].id,
        fromDate: '2026-01-15',
        toDate: '2026-01-30',
        firstName: 'Irene',
        lastName: 'Salas Prieto',
        email: uniqueEmail('espera'),
        phone: '+34 600 999 111',
        acceptPrivacy: true,
      },
    });
    expect(joined.ok(), await joined.text()).toBeTruthy();
    await page.setViewportSize(PHONE);
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD, eveningBaseUrl());
    await page.goto('/admin/lista-de-espera');
    const list = page.getByRole('table', { name: 'Lista de espera' });
    await expect(list.getByText('Irene Salas Prieto')).toBeVisible();
    await expectWithinWidth(page, list.getByText('Esperando', { exact: true }).first());
    await expectWithinWidth(page, list.getByRole('button', { name: 'Quitar a Irene Salas Prieto de la lista' }));
    await expectNoAxeViolations(page, 'la lista de espera en un teléfono');
  });

  eveningTest("the desk's patient list is a list of cards, nothing off-screen", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD, eveningBaseUrl());
    await page.goto('/admin/pacientes');
    const list = page.getByRole('table', { name: 'Pacientes' });
    await expect(list.getByRole('row').nth(1)).toBeVisible();
    const phone = list.locator('td[data-label="Teléfono"]').first();
    await expectWithinWidth(page, phone);
    await expectWithinWidth(page, list.locator('td[data-label="Correo"]').first());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, 'la lista de pacientes en un teléfono');
  });
});
