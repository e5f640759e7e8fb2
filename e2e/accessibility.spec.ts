import type { Page } from '@playwright/test';
import { paths } from '../src/common/paths';
import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, signInViaApi, test } from './fixtures';

/** Opens a route and waits until its screen is there (no «Cargando...», a level-1 heading). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByText('Cargando...')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Data arrives after the frame: let the lists and forms settle before auditing.
  await page.waitForLoadState('networkidle');
}

async function audit(page: Page, path: string) {
  await open(page, path);
  await expectNoAxeViolations(page, path);
}

/** The href of the first link on the current page whose path matches. */
async function firstLinkTo(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const href = hrefs.find((candidate) => pattern.test(candidate));
  if (!href) throw new Error(`No link matching ${pattern} on ${page.url()}`);
  return href;
}

test.describe('Accesibilidad (axe, WCAG 2.2 AA) en cada ruta', () => {
  // Each test walks a whole area: many pages, each audited.
  test.describe.configure({ timeout: 180_000 });

  test('páginas públicas, como visitante', async ({ page }) => {
    for (const path of [
      paths.home,
      paths.booking,
      paths.terms,
      paths.privacy,
      paths.unauthorized,
      paths.auth.login,
      paths.auth.register,
      paths.auth.resetPassword,
      `${paths.auth.newPassword}?token=enlace-de-prueba`,
      '/pagina-que-no-existe',
    ]) {
      await audit(page, path);
    }
  });

  test('el menú de las páginas públicas en un móvil', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, paths.home);
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'menú público abierto');
  });

  test('los pasos de la reserva', async ({ page }) => {
    await open(page, paths.booking);
    const specialties = page.getByRole('radiogroup', { name: 'Especialidad' });
    await expect(specialties.getByRole('radio').first()).toBeVisible();
    await expectNoAxeViolations(page, 'reserva: las especialidades');
    await specialties.getByRole('radio').first().click();
    // A specialty with services online asks which one first (issue «Billing», item 1).
    await page.getByRole('radiogroup', { name: 'Servicio' }).getByRole('radio').first().click();
    await page.getByRole('radio', { name: 'Cualquier profesional' }).click();
    await expectNoAxeViolations(page, 'reserva: paso 1');
    await page.getByRole('button', { name: 'Continuar' }).click();
    const times = page.getByRole('group', { name: /^Horas libres del / });
    const nextWeek = page.getByRole('button', { name: 'Ver la semana siguiente' });
    await expect(times.or(nextWeek)).toBeVisible();
    while (await nextWeek.isVisible()) {
      await nextWeek.click();
      await expect(times.or(nextWeek)).toBeVisible();
    }
    await expectNoAxeViolations(page, 'reserva: paso 2');
    await times.getByRole('button').first().click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('form', { name: 'Tus datos' })).toBeVisible();
    await expectNoAxeViolations(page, 'reserva: paso 3');
    await page.getByRole('button', { name: 'Confirmar cita' }).click();
    await expectNoAxeViolations(page, 'reserva: paso 3 con errores');
  });

  // The admin's routes in three tests of a few pages each: one walk of all of them took three minutes on a busy
  // two-core machine, and a failure named no more than «área de administración».
  const adminAreas: Record<string, string[]> = {
    'panel, pacientes y citas': [
      paths.admin.dashboard,
      paths.admin.patients,
      paths.admin.newPatient,
      paths.admin.doctors,
      paths.admin.appointments,
      paths.admin.today,
    ],
    'nueva cita, tareas, calendario y archivos': [
      paths.admin.newAppointment,
      paths.admin.tasks,
      paths.admin.calendar,
      paths.admin.files,
      paths.admin.filesOfType('analisis'),
    ],
    'configuración, mensajes, usuarios, registro, servicios y consentimientos': [
      paths.admin.settings,
      paths.admin.messages,
      paths.admin.users,
      paths.admin.audit,
      paths.admin.services,
      paths.admin.consents,
    ],
  };
  for (const [area, routes] of Object.entries(adminAreas)) {
    test(`área de administración (${area}), como admin`, async ({ page }) => {
      await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
      for (const path of routes) await audit(page, path);
    });
  }

  test('la ficha de un paciente y la de un usuario, como admin', async ({ page }) => {
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await open(page, paths.admin.patients);
    await audit(page, await firstLinkTo(page, /^\/admin\/pacientes\/(?!nuevo)[^/]+$/));
    const session = await (await page.request.get('/api/auth/session')).json();
    await audit(page, paths.admin.editUser(session.user.id));
  });

  test('diálogos y cajones del admin', async ({ page }) => {
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await open(page, paths.admin.doctors);
    await page.getByRole('button', { name: /Nuevo doctor/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'cajón «Nuevo doctor»');
    await page.keyboard.press('Escape');

    await open(page, paths.admin.appointments);
    await page.getByRole('table', { name: 'Citas' }).getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'cajón de una cita');
    await page.keyboard.press('Escape');

    await open(page, paths.admin.dashboard);
    await page.getByRole('region', { name: 'Facturación' }).getByRole('button', { name: 'Ver tabla' }).click();
    await expect(page.getByRole('button', { name: 'Ocultar tabla' })).toBeVisible();
    await expectNoAxeViolations(page, 'tabla de «Facturación» del panel');

    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, paths.admin.dashboard);
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    await expectNoAxeViolations(page, 'menú del admin abierto en un móvil');
  });

  test('área del doctor, como doctor', async ({ page }) => {
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD);
    for (const path of [
      paths.doctor.root,
      paths.doctor.dashboard,
      paths.doctor.appointments,
      paths.doctor.patients,
      paths.doctor.prescriptions,
      paths.doctor.profile,
      paths.doctor.production,
    ]) {
      await audit(page, path);
    }
    await open(page, paths.doctor.patients);
    await audit(page, await firstLinkTo(page, /^\/doctor\/pacientes\/[^/]+$/));
  });

  test('área del paciente, como paciente', async ({ page }) => {
    await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD);
    for (const path of [
      paths.patient.dashboard,
      paths.patient.appointments,
      paths.patient.treatments,
      paths.patient.profile,
    ]) {
      await audit(page, path);
    }
  });
});
