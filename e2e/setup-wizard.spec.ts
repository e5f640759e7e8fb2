import { expect, test, type Page } from '@playwright/test';
import { label, readMailsTo, reviewShot, slot, uniqueEmail } from './fixtures';
import { startServer, type StartedServer } from './global-setup';

/**
 * A first run without the demo (issue 37, item 2): a server started with SEED_DEMO=false prints the one-time link,
 * the first admin is created on its page, and the wizard is walked — one step skipped, the others done — at
 * 1280 px and at 390 px, each on a clinic of its own. A demo server prints no link.
 */
const CLOCK_START = '2026-01-20T08:30:00+01:00';
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** The link the server printed at start. */
function setupLinkOf(server: StartedServer): string {
  const link = /Configura la clínica en (\S+)/.exec(server.output())?.[1];
  if (!link) throw new Error(`The server printed no set-up link:\n${server.output()}`);
  return link;
}

const saveAndGo = (page: Page) => page.getByRole('button', { name: 'Guardar y seguir' }).click();
const stepTitle = (page: Page, title: string) =>
  expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();

async function walkWizard(page: Page, width: number, doctorEmail: string) {
  await stepTitle(page, 'Datos de la clínica');
  await page.getByLabel(label('Nombre de la clínica')).fill(`Clínica Sol ${width}`);
  await page.getByLabel(label('Razón social')).fill('Clínica Sol, S. L.');
  await page.getByLabel(label('NIF o CIF')).fill('B1234567');
  await page.getByLabel(label('Dirección')).fill('Calle del Sol 1, 28013 Madrid');
  await page.getByLabel(label('Teléfono')).fill('+34 910 000 000');
  await saveAndGo(page);
  // A NIF whose control character is wrong is refused in Spanish beside its field.
  await expect(page.getByText(/^Escribe un NIF válido/)).toBeVisible();
  await page.getByLabel(label('NIF o CIF')).fill('B12345674');
  await reviewShot(page, `asistente-clinica-${width}.png`, { fullPage: true });
  await saveAndGo(page);

  await stepTitle(page, 'Horario');
  await expect(page.getByLabel('Días').first()).toHaveValue('Lunes a viernes');
  await saveAndGo(page);

  await stepTitle(page, 'Región y festivos');
  await page.getByRole('combobox', { name: 'Comunidad autónoma' }).click();
  await page.getByRole('option', { name: 'Comunidad de Madrid' }).click();
  await page.getByLabel('Fecha del festivo local 1').fill('15/05/2026');
  await page.getByLabel('Nombre del festivo local 1').fill('San Isidro');
  await reviewShot(page, `asistente-festivos-${width}.png`, { fullPage: true });
  await saveAndGo(page);

  await stepTitle(page, 'Especialidades y servicios');
  await page.getByRole('checkbox', { name: 'Fisioterapia' }).check();
  await page.getByRole('checkbox', { name: /^Drenaje linfático/ }).uncheck();
  await page.getByLabel('Precio de Sesión de fisioterapia').fill('42,50');
  await reviewShot(page, `asistente-servicios-${width}.png`, { fullPage: true });
  await saveAndGo(page);

  await stepTitle(page, 'Profesionales');
  await page.getByLabel('Nombre y apellidos').fill('Lucía Fisio');
  await page.getByLabel('Correo electrónico').fill(doctorEmail);
  await page.getByRole('combobox', { name: 'Especialidad' }).click();
  await page.getByRole('option', { name: 'Fisioterapia' }).click();
  await page.getByLabel('Nº de colegiado').fill('28-12345');
  await saveAndGo(page);

  await stepTitle(page, 'Canales');
  await expect(page.getByRole('button', { name: 'Enviar un correo de prueba' })).toBeVisible();
  await page.getByRole('button', { name: 'Saltar este paso' }).click();

  await stepTitle(page, 'VERI*FACTU');
  await expect(page.getByRole('listitem', { name: /certificado/i })).toBeVisible();
  await saveAndGo(page);

  await stepTitle(page, 'Resumen');
  const summary = page.getByRole('table', { name: 'Resumen del asistente' });
  await expect(summary.getByRole('row', { name: /Canales/ })).toContainText('Saltado');
  for (const step of ['Datos de la clínica', 'Horario', 'Región y festivos', 'Especialidades y servicios']) {
    await expect(summary.getByRole('row', { name: new RegExp(step) })).toContainText('Hecho');
  }
  await expect(page.getByRole('link', { name: 'Ir a Puesta en marcha' })).toBeVisible();
  await reviewShot(page, `asistente-resumen-${width}.png`, { fullPage: true });
}

/** What the wizard left: services with the price edited, the community's and the local holidays, the doctor. */
async function expectSetUpClinic(page: Page, doctorEmail: string) {
  const services = await (await page.request.get('/api/services')).json();
  expect(services.map((service: { name: string }) => service.name).sort()).toEqual([
    'Punción seca',
    'Sesión de fisioterapia',
    'Valoración de fisioterapia',
  ]);
  expect(services.find((service: { name: string }) => service.name === 'Sesión de fisioterapia').priceCents).toBe(4250);
  const holidays = (await (await page.request.get('/api/holidays?from=2026-01-01&to=2026-12-31')).json()).items;
  const on = (date: string) => holidays.find((holiday: { startDate: string }) => holiday.startDate === date);
  expect(on('2026-05-02')).toMatchObject({ name: 'Día de la Comunidad de Madrid', kind: 'autonomico' });
  expect(on('2026-05-15')).toMatchObject({ name: 'San Isidro', kind: 'local' });
  expect(on('2026-12-25')).toMatchObject({ kind: 'nacional' });
  const doctors = await (await page.request.get('/api/doctors')).json();
  expect(doctors).toEqual([expect.objectContaining({ email: doctorEmail, specialty: 'Fisioterapia' })]);
  const [invitation] = await readMailsTo(doctorEmail, { timeout: 20_000 });
  expect(invitation!.subject).toMatch(/invitación|contraseña|Clínica/i);
}

for (const viewport of [WIDE, PHONE]) {
  test(`a clinic without the demo is set up from the printed link, at ${viewport.width} px`, async ({ browser }) => {
    const server = await startServer(CLOCK_START, slot().smtpPort, { SEED_DEMO: 'false' });
    try {
      const link = setupLinkOf(server);
      expect(server.output()).not.toContain('Accesos de demostración');
      const context = await browser.newContext({ baseURL: server.baseURL, viewport });
      await context.clock.install({ time: new Date(Date.parse(CLOCK_START) + (Date.now() - server.clockStartedAt)) });
      const page = await context.newPage();

      // A wrong link is a clear Spanish page, never an error.
      await page.goto('/configuracion-inicial?token=un-enlace-que-no-existe-0000000');
      await expect(page.getByRole('alert')).toContainText('no es válido, ya se usó o ha caducado');

      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Crea la cuenta de administración' })).toBeVisible();
      await page.getByLabel(label('Nombre')).fill('Ana Directora');
      await page.getByLabel(label('Correo electrónico')).fill('ana@clinica-sol.test');
      await page.getByLabel(label('Contraseña')).fill('una-clave-segura-1');
      await page.getByLabel(label('Repite la contraseña')).fill('una-clave-segura-1');
      await page.getByRole('button', { name: 'Crear la cuenta y empezar' }).click();
      await expect(page).toHaveURL(/\/admin\/configuracion\/asistente/);

      if (viewport === PHONE) {
        // Leaving and coming back through the dashboard's card: the wizard keeps its place.
        await expect(page.getByText('Paso 1 de 7')).toBeVisible();
        await page.goto('/admin/dashboard');
        await expect(page.getByRole('heading', { name: 'Configura tu clínica' })).toBeVisible();
        await page.getByRole('link', { name: 'Empezar de cero' }).click();
      }
      const doctorEmail = uniqueEmail('doctora');
      await walkWizard(page, viewport.width, doctorEmail);
      await expectSetUpClinic(page, doctorEmail);

      // The wizard is over: the dashboard no longer offers it, and the link was used up.
      await page.goto('/admin/dashboard');
      await expect(page.getByRole('heading', { name: 'Panel de la clínica' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Configura tu clínica' })).toHaveCount(0);
      const reused = await page.request.post('/api/initial-setup/check', {
        data: { token: new URL(link).searchParams.get('token') },
        headers: { origin: server.baseURL },
      });
      expect(reused.status()).toBe(400);
      await context.close();
    } finally {
      await server.stop();
    }
  });
}

test('the demo still loads, and a server with an admin prints no set-up link', async () => {
  const server = await startServer(CLOCK_START, slot().smtpPort);
  try {
    expect(server.output()).toContain('Accesos de demostración');
    expect(server.output()).not.toContain('configuracion-inicial');
  } finally {
    await server.stop();
  }
});
