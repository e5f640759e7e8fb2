import type { Page } from '@playwright/test';
import { paths } from '../src/common/paths';
import { FILE_TYPES } from '../src/common/schemas/files';
import { DEMO, DEMO_PASSWORD, expect, label, login, readMailsTo, signInViaApi, test, uniqueEmail } from './fixtures';
import { findNonSpanish } from './spanish-text';
import {
  allRoutes,
  findingsOnPage,
  linksOn,
  openRoute,
  patternRegExp,
  Report,
  routerPaths,
  toastsSeen,
  watchTransientTexts,
  type RouteEntry,
  type Walker,
} from './spanish-walk';

/**
 * Issue 14, item 4: every route of src/common/paths.ts, walked as the role whose area holds it (the rest as a
 * visitor), shows no English and writes dates and numbers as es-ES — its text, tab title, `title`, `aria-label`,
 * `placeholder` and `alt` attributes, and what came and went (toasts, loading states). Date pickers, Select
 * dropdowns, modals, the calendar's views and a few forms (saved, refused) are opened on the way.
 */

const ROUTES = allRoutes();

/** What a route needs after its path to show its screen. */
const QUERY: Record<string, string> = {
  'paths.auth.newPassword': '?token=enlace-de-prueba',
  'paths.auth.confirmEmail': '?token=enlace-de-prueba',
  // The demo has an admin: the set-up link is refused, in Spanish (e2e/setup-wizard.spec.ts walks a good one).
  'paths.initialSetup': '?token=enlace-de-prueba-que-no-existe',
};

/** Routes with parameters whose demo value no page links to: the walk finds one another way. */
type Resolver = (page: Page) => Promise<string | null>;

const where = (route: RouteEntry) => `${route.name} (${route.pattern})`;
const firstLine = (error: unknown) => String(error instanceof Error ? error.message : error).split('\n')[0];

/**
 * Visits every route of `walker`: first those without parameters (collecting the links they show), then those
 * with parameters, through a link seen on the way or a resolver; a route it cannot visit fails by name.
 */
async function walk(page: Page, walker: Walker, report: Report, resolvers: Record<string, Resolver> = {}) {
  const mine = ROUTES.filter((route) => route.walker === walker);
  const fixed = new Set(ROUTES.filter((route) => route.params === 0).map((route) => route.pattern));
  const links = new Set<string>();
  const visit = async (route: RouteEntry, url: string) => {
    const started = Date.now();
    try {
      await openRoute(page, url);
    } catch (error) {
      report.fail(where(route), `no se pudo abrir ${url}: ${firstLine(error)}`);
      if (process.env.SPANISH_DEBUG) console.log(`${url}: FAILED after ${Date.now() - started} ms`);
      return;
    }
    await report.check(page, where(route));
    for (const link of await linksOn(page)) links.add(link);
    // SPANISH_DEBUG=1 prints how long each route took.
    if (process.env.SPANISH_DEBUG) console.log(`${url}: ${Date.now() - started} ms`);
  };
  for (const route of mine.filter((entry) => entry.params === 0))
    await visit(route, route.pattern + (QUERY[route.name] ?? ''));
  for (const route of mine.filter((entry) => entry.params > 0)) {
    const pattern = patternRegExp(route.pattern);
    let url = [...links].find((link) => pattern.test(link) && !fixed.has(link)) ?? null;
    if (!url && resolvers[route.name]) url = await resolvers[route.name]!(page).catch(() => null);
    if (!url)
      report.fail(where(route), 'ninguna página enlaza a esta ruta y no hay forma de encontrar un id de demostración');
    else await visit(route, url);
  }
  expect(mine.length, `rutas de ${walker} en paths.ts`).toBeGreaterThan(0);
}

/** Checks the page after an interaction (a dropdown open, a form refused...). */
async function checkAfter(page: Page, report: Report, what: string, action: () => Promise<unknown>) {
  try {
    await action();
  } catch (error) {
    report.fail(what, `no se pudo hacer: ${firstLine(error)}`);
    return;
  }
  await report.check(page, what);
}

test.describe('Español en todas partes', () => {
  test.describe.configure({ timeout: 120_000 });
  // A control that is not there fails the step in 10 s, not the whole walk at its timeout.
  test.use({ actionTimeout: 10_000 });
  test.beforeEach(async ({ context }) => {
    await watchTransientTexts(context);
  });

  test('the detector flags English words, dates and numbers and lets Spanish, names and addresses through', () => {
    const flagged = (text: string) => findNonSpanish(text, 'prueba').map((finding) => finding.match);
    expect(flagged('Loading... Please Sign in')).toEqual(['Loading', 'Please', 'Sign in']);
    expect(flagged('Nothing found · No results')).toEqual(['Nothing found', 'No results']);
    expect(flagged('Monday, January 12')).toEqual(['Monday', 'January']);
    expect(flagged('Cita el 01/25/2026 a las 9:30 AM')).toEqual(['01/25/2026', '9:30 AM']);
    expect(flagged('Total: 1,234.56 € y €12')).toEqual(['1,234.56', '€1']);
    expect(flagged('Creada 2026-01-12T09:00:00Z')).toEqual(['2026-01-12T09:00:00Z']);
    expect(findNonSpanish('1,234', 'celda de tabla').map((finding) => finding.what)).toEqual(['miles con coma']);
    expect(
      flagged(
        'Cancelar · Guardar · Menú · Hoy · Mes · lunes, 12 de enero de 2026, 09:30 · 25/01/2026 · 1.234,56 € · ' +
          'Escríbenos por WhatsApp o añádela a Google Calendar (abre calendar.google.com) · paciente@clinica.demo · informe.pdf · DNI · Error al guardar · ' +
          'código 3AM4-4XXQ',
      ),
    ).toEqual([]);
  });

  test('the page reader sees text, tab title, labels and texts that came and went', async ({ page }) => {
    await page.route('**/prueba-del-lector', (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body:
          '<title>Inicio · Dashboard</title><main><h1>Prueba</h1><p>Cita el 01/25/2026</p>' +
          '<button aria-label="Close">×</button><input placeholder="Search"><img alt="Photo of the doctor" src="data:,">' +
          '<table><tr><td>1,234</td></tr></table></main>',
      }),
    );
    await page.goto('/prueba-del-lector');
    await page.evaluate(async () => {
      const toast = document.createElement('div');
      toast.className = 'mantine-Notification-root';
      toast.textContent = 'Saved';
      document.body.append(toast);
      const loading = document.createElement('p');
      loading.textContent = 'Loading...';
      document.body.append(loading);
      await new Promise((resolve) => setTimeout(resolve, 50));
      toast.remove();
      loading.remove();
    });
    const found = (await findingsOnPage(page)).map((finding) => `${finding.where}: ${finding.match}`).sort();
    expect(found).toEqual(
      [
        'título de la pestaña: Dashboard',
        'texto: 01/25/2026',
        'aria-label de <button>: Close',
        'placeholder de <input>: Search',
        'alt de <img>: Photo',
        'alt de <img>: of',
        'alt de <img>: the',
        'celda de tabla: 1,234',
        'aviso (toast): Saved',
        'texto pasajero: Loading',
      ].sort(),
    );
  });

  test('every route of the client router is in paths.ts, so the walk reaches it', () => {
    const known = ROUTES.map((route) => patternRegExp(route.pattern.replace(/:p\d+/g, ':p0')));
    const normalised = (pattern: string) => pattern.replace(/:\w+/g, ':p0');
    const missing = routerPaths().filter(
      (route) =>
        !known.some((pattern) => pattern.test(normalised(route)) || pattern.source === `^${normalised(route)}$`),
    );
    expect(missing, 'rutas del router que no están en src/common/paths.ts').toEqual([]);
    for (const walker of ['visitante', 'admin', 'doctor', 'paciente'] as const) {
      expect(
        ROUTES.some((route) => route.walker === walker),
        walker,
      ).toBe(true);
    }
  });

  test('as a visitor: public pages, sign-in and sign-up refused, the booking steps and the booking link', async ({
    page,
  }) => {
    const report = new Report();
    const bookAndGetLink: Resolver = async () => {
      await openRoute(page, paths.booking);
      await checkAfter(page, report, 'reserva: las especialidades', async () => {
        await expect(page.getByRole('radiogroup', { name: 'Especialidad' }).getByRole('radio').first()).toBeVisible();
      });
      await page
        .getByRole('radiogroup', { name: 'Especialidad' })
        .getByRole('radio', { name: 'Medicina familiar', exact: true })
        .click();
      await page
        .getByRole('radiogroup', { name: 'Servicio' })
        .getByRole('radio', { name: /^Primera visita/ })
        .click();
      await page.getByRole('radio', { name: 'Cualquier profesional' }).click();
      await page.getByRole('button', { name: 'Continuar' }).click();
      const times = page.getByRole('group', { name: /^Horas libres del / });
      const nextWeek = page.getByRole('button', { name: 'Ver la semana siguiente' });
      await page.getByRole('button', { name: 'Semana siguiente' }).click();
      await expect(times.or(nextWeek)).toBeVisible();
      while (await nextWeek.isVisible()) {
        await nextWeek.click();
        await expect(times.or(nextWeek)).toBeVisible();
      }
      await report.check(page, 'reserva: paso 2 (horas libres)');
      await times.getByRole('button').first().click();
      await page.getByRole('button', { name: 'Continuar' }).click();
      const form = page.getByRole('form', { name: 'Tus datos' });
      await checkAfter(page, report, 'reserva: paso 3 enviado vacío', async () => {
        await page.getByRole('button', { name: 'Confirmar cita' }).click();
        await expect(form.locator('[aria-invalid=true]').first()).toBeVisible();
      });
      const email = uniqueEmail('idioma');
      await form.getByRole('textbox', { name: label('Nombre') }).fill('Inés');
      await form.getByRole('textbox', { name: label('Apellidos') }).fill('Idioma Prueba');
      await form.getByRole('textbox', { name: label('Correo electrónico') }).fill(email);
      await form.getByRole('textbox', { name: label('Teléfono') }).fill('+34 655 444 333');
      await form.getByRole('checkbox', { name: /acepto la política de privacidad/ }).check();
      await checkAfter(page, report, 'reserva: confirmada', async () => {
        await page.getByRole('button', { name: 'Confirmar cita' }).click();
        await expect(page.getByRole('heading', { name: 'Cita reservada', exact: true })).toBeVisible();
      });
      const [mail] = await readMailsTo(email);
      const links = `${mail!.text}\n${mail!.html}`.match(/https?:\/\/[^\s"'<>]+\/cita\/[^\s"'<>]+/g) ?? [];
      return links.length
        ? new URL(links.sort((a, b) => b.length - a.length)[0]!.replace(/&amp;/g, '&')).pathname
        : null;
    };
    await walk(page, 'visitante', report, {
      'paths.manageBooking': bookAndGetLink,
      // A waiting-list offer exists only once a slot frees: the page of a link that is not (or no longer) valid.
      'paths.waitingOffer': async () => paths.waitingOffer('enlace-caducado'),
      // The same for the links of a consent to sign, a questionnaire to fill and the after-visit survey.
      'paths.consentSigning': async () => paths.consentSigning('enlace-caducado'),
      'paths.questionnaireLink': async () => paths.questionnaireLink('enlace-caducado'),
      'paths.survey': async () => paths.survey('enlace-caducado'),
      // A quote's signing link, a payment link and Redsys's return to an attempt (issue 36): one no longer valid.
      'paths.quoteSigning': async () => paths.quoteSigning('enlace-caducado'),
      'paths.payLink': async () => paths.payLink('enlace-caducado'),
      'paths.onlinePayment': async () => paths.onlinePayment('00000000-0000-4000-8000-000000000000'),
      // The reminder's links (decision 0127): the booking's page with a proof that is not valid, and a short link
      // nobody was sent (the server's own Spanish page).
      'paths.manageBookingWithForms': async () => paths.manageBookingWithForms('enlace-caducado', 'prueba-caducada'),
      'paths.shortLink': async () => paths.shortLink('Zz9Zz9Zz9Z'),
    });

    await checkAfter(page, report, 'página que no existe', () => openRoute(page, '/pagina-que-no-existe'));
    await openRoute(page, paths.auth.login);
    await checkAfter(page, report, 'acceso con una contraseña equivocada', async () => {
      await login(page, DEMO.admin.email, 'no-es-la-contraseña');
      await expect(page.getByRole('alert').first()).toBeVisible();
    });
    await openRoute(page, paths.auth.register);
    await checkAfter(page, report, 'registro enviado vacío', async () => {
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      await expect(page.locator('[aria-invalid=true]').first()).toBeVisible();
    });
    report.expectClean('visitante');
  });

  // The admin's 29 routes and its interactions are two tests: together they took over two minutes on a busy
  // two-core CI machine (46 s alone), and a route added to paths.ts lengthens the walk without anyone noticing.
  test('as admin: every admin route and a missing one', async ({ page }) => {
    const report = new Report();
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await walk(page, 'admin', report, {
      // The kinds of document are tabs of /admin/archivos, not links.
      'paths.admin.filesOfType': async () => paths.admin.filesOfType(FILE_TYPES[0]),
      'paths.admin.editUser': async () =>
        paths.admin.editUser((await (await page.request.get('/api/auth/session')).json()).user.id),
    });
    await checkAfter(page, report, 'página que no existe dentro del área', () =>
      openRoute(page, `${paths.admin.root}/pagina-que-no-existe`),
    );
    report.expectClean('admin');
  });

  test('as admin: the calendar views, date pickers, dropdowns, drawers, a refused form', async ({ page }) => {
    const report = new Report();
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await openRoute(page, paths.admin.calendar);
    for (const view of ['Vista del mes', 'Vista del día', 'Vista de la semana']) {
      await checkAfter(page, report, `calendario: ${view}`, async () => {
        const tab = page.getByRole('tab', { name: view });
        // Click a settled calendar: while it refetches, its toolbar can still move under the pointer.
        await expect(page.getByRole('status', { name: 'Actualizando el calendario' })).toHaveCount(0);
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
        await page.waitForLoadState('networkidle');
      });
    }

    await openRoute(page, paths.admin.audit);
    await checkAfter(page, report, 'auditoría: selector de fechas abierto', async () => {
      await page.getByRole('button', { name: /^Fechas/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
    await page.keyboard.press('Escape');

    await openRoute(page, paths.admin.newAppointment);
    await checkAfter(page, report, 'nueva cita: lista de profesionales abierta', async () => {
      await page.getByRole('combobox', { name: label('Profesional') }).click();
      await expect(page.getByRole('option').first()).toBeVisible();
    });
    await page.keyboard.press('Escape');
    await checkAfter(page, report, 'nueva cita: paciente que no existe', async () => {
      const patient = page.getByRole('combobox', { name: label('Paciente') });
      await patient.click();
      await patient.fill('Zzyzx Qwerty');
      await page.waitForLoadState('networkidle');
    });
    await page.keyboard.press('Escape');
    await checkAfter(page, report, 'nueva cita: calendario del día abierto', async () => {
      await page.getByRole('button', { name: label('Día') }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
    await page.keyboard.press('Escape');

    await openRoute(page, paths.admin.doctors);
    await checkAfter(page, report, 'cajón «Nuevo doctor»', async () => {
      await page.getByRole('button', { name: /Nuevo doctor/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
    await page.keyboard.press('Escape');

    await openRoute(page, paths.admin.tasks);
    await checkAfter(page, report, 'modal «Nueva tarea»', async () => {
      await page.getByRole('button', { name: 'Nueva tarea' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
    await page.keyboard.press('Escape');

    await openRoute(page, paths.admin.newPatient);
    await checkAfter(page, report, 'nuevo paciente enviado vacío', async () => {
      await page.getByRole('button', { name: 'Crear paciente' }).click();
      await expect(page.locator('[aria-invalid=true]').first()).toBeVisible();
    });

    // On a phone the calendar shows one day with its own header, and the navigation is a menu.
    await page.setViewportSize({ width: 390, height: 844 });
    await checkAfter(page, report, 'calendario en un móvil', () => openRoute(page, paths.admin.calendar));
    await checkAfter(page, report, 'menú del admin en un móvil', async () => {
      const menu = page.getByRole('button', { name: 'Abrir el menú' });
      await menu.click();
      await expect(page.getByRole('link', { name: 'Calendario' })).toBeVisible();
    });
    report.expectClean('admin');
  });

  test('as doctor: every doctor route (an appointment of her agenda included) and the new prescription modal', async ({
    page,
  }) => {
    const report = new Report();
    await signInViaApi(page, DEMO.doctor.email, DEMO_PASSWORD);
    await walk(page, 'doctor', report, {
      'paths.doctor.appointment': async () => {
        const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
        const to = new Date(Date.now() + 60 * 86_400_000).toISOString();
        const agenda = (await (await page.request.get(`/api/doctor/appointments?from=${from}&to=${to}`)).json()) as {
          id: string;
        }[];
        return agenda[0] ? paths.doctor.appointment(agenda[0].id) : null;
      },
    });
    await openRoute(page, paths.doctor.prescriptions);
    await checkAfter(page, report, 'modal «Nueva receta»', async () => {
      await page.getByRole('button', { name: 'Nueva receta' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
    await page.keyboard.press('Escape');
    report.expectClean('doctor');
  });

  test('as paciente: every patient route, a saved form and a refused one (with their toasts)', async ({ page }) => {
    const report = new Report();
    await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD);
    await walk(page, 'paciente', report);

    await openRoute(page, paths.patient.profile);
    const address = page.getByRole('textbox', { name: 'Dirección' });
    const saveContact = page.getByRole('button', { name: 'Guardar datos de contacto' });
    const original = await address.inputValue();
    await address.fill(`${original} (bis)`);
    await saveContact.click();
    await expect(page.locator('.mantine-Notification-root').first()).toBeVisible();
    const toasts = await toastsSeen(page);
    expect(toasts.join('\n')).toContain('Datos de contacto guardados');
    await report.check(page, 'perfil: datos de contacto guardados (aviso)');
    await address.fill(original);
    await saveContact.click();
    await expect(saveContact).toBeDisabled();

    await checkAfter(page, report, 'perfil: cambio de contraseña rechazado', async () => {
      await page.getByLabel(label('Contraseña actual')).fill('no-es-la-contraseña');
      await page.getByLabel(label('Contraseña nueva')).fill('otra-clave-nueva-1');
      await page.getByLabel(label('Repite la contraseña nueva')).fill('otra-clave-distinta-2');
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await expect(page.locator('[aria-invalid=true]').or(page.getByRole('alert')).first()).toBeVisible();
    });
    report.expectClean('paciente');
  });
});
