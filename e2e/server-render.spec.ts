import type { APIRequestContext, Page } from '@playwright/test';
import {
  attend,
  bookToday,
  demoDoctorAndService,
  euros,
  getJson,
  invoiceVisit,
  newPatient,
  postJson,
  signInAs,
  signInAsDesk,
  uniqueWord,
} from './economics-data';
import { DEMO, expect, linkInMailTo, test, uniqueEmail } from './fixtures';

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

/**
 * The pages a patient opens on her phone from a message (issue 36), made through the API once per worker: a payment
 * link the desk sends by e-mail for a fresh invoice, the page the bank sends her back to after starting a payment
 * through it (still «pendiente»: no bank has answered), and the demo paciente's quote waiting for his signature.
 */
interface LinkPages {
  pay: string;
  pendingCents: number;
  invoiceNumber: string;
  paid: string;
  quote: string;
}
let made: Promise<LinkPages> | undefined;

async function makeLinkPages(request: APIRequestContext): Promise<LinkPages> {
  await signInAsDesk(request);
  const { doctor, service } = await demoDoctorAndService(request, 'Revisión');
  const email = uniqueEmail('enlace');
  const patient = await newPatient(request, `${uniqueWord()} Enlace`, { email });
  const visit = await bookToday(request, { patientId: patient.id, doctorId: doctor.id, serviceId: service.id });
  await attend(request, visit.id);
  const invoice = await invoiceVisit(request, { patientId: patient.id, appointmentId: visit.id }, 0);
  await postJson(request, `/api/invoices/${invoice.id}/payment-link`, { channel: 'email' });
  const pay = new URL(await linkInMailTo(email, '/pagar/')).pathname;
  const form = await postJson<{ fields: { Ds_MerchantParameters: string } }>(
    request,
    `/api/public/payment-links/${pay.split('/').pop()}/online-payment`,
    { method: 'tarjeta' },
    200,
  );
  const asked = JSON.parse(Buffer.from(form.fields.Ds_MerchantParameters, 'base64').toString('utf8')) as {
    DS_MERCHANT_URLOK: string;
  };
  await signInAs(request, DEMO.paciente.email);
  const quotes = await getJson<{ id: string; state: string }[]>(request, '/api/quotes');
  const waiting = quotes.find((quote) => quote.state === 'enviado')!;
  const { url } = await postJson<{ url: string }>(request, `/api/quotes/${waiting.id}/link`, {}, 200);
  return {
    pay,
    pendingCents: service.priceCents,
    invoiceNumber: invoice.number,
    paid: new URL(asked.DS_MERCHANT_URLOK).pathname,
    quote: new URL(url).pathname,
  };
}

const linkPages = (request: APIRequestContext) => (made ??= makeLinkPages(request));

/** Errors the page logs or throws (a hydration mismatch is one), but the browser's own «Failed to load resource». */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Waits until the app has taken the page over: the loader's marks on the buttons are gone. */
async function taken(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-awaiting-app]')).toHaveCount(0);
}

test.describe('Páginas de un enlace, dibujadas por el servidor', () => {
  test.describe('sin JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('el enlace de pago, la vuelta del banco y el presupuesto se leen enteros', async ({ page, request }) => {
      const links = await linkPages(request);
      await page.goto(links.pay);
      await expect(page.getByRole('heading', { level: 1, name: 'Pagar una factura' })).toBeVisible();
      await expect(page.getByText(`Factura ${links.invoiceNumber}`)).toBeVisible();
      await expect(page.getByText(`Pendiente: ${euros(links.pendingCents)}`)).toBeVisible();
      await expect(
        page.getByRole('button', { name: `Pagar por Bizum la factura ${links.invoiceNumber}` }),
      ).toBeVisible();

      await page.goto(links.paid);
      await expect(page.getByRole('heading', { level: 1, name: 'Pago en línea' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Pago pendiente de confirmar' })).toContainText(
        `${euros(links.pendingCents)} de la factura ${links.invoiceNumber}`,
      );

      await page.goto(links.quote);
      await expect(page.getByRole('heading', { level: 1, name: 'Presupuesto' })).toBeVisible();
      await expect(page.getByRole('article', { name: /^Presupuesto P-/ })).toContainText('Enviado');
      await expect(page.getByText(`para ${DEMO.paciente.name}`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Firmar el presupuesto' })).toBeVisible();
      await expect(page.getByText('Cargando')).toHaveCount(0);
    });

    test('un enlace que no vale dice por qué, en español', async ({ page }) => {
      for (const [path, title, message] of [
        ['/pagar/no-vale', 'Enlace no disponible', 'Este enlace de pago no es válido o ha caducado.'],
        ['/pago/00000000-0000-4000-8000-000000000000', 'Pago no encontrado', 'Pago no encontrado'],
        ['/presupuesto/no-vale', 'Enlace no válido', 'Este enlace de presupuesto no es válido.'],
      ]) {
        const response = await page.goto(path!);
        // Every address of the app's answers 200; the page says the link is not valid.
        expect(response?.status()).toBe(200);
        await expect(page.getByText(title!, { exact: true }).first()).toBeVisible();
        await expect(page.getByText(message!).first()).toBeVisible();
      }
    });
  });

  test('el presupuesto llega dibujado, la aplicación lo toma sin quejarse, y la firma se carga al pulsar «Firmar»', async ({
    page,
    request,
  }) => {
    const links = await linkPages(request);
    const problems = problemsOf(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(links.quote);
    const heading = page.getByRole('heading', { level: 1, name: 'Presupuesto' });
    await heading.evaluate((element) => element.setAttribute('data-from-server', 'sí'));
    await taken(page);
    // The page as the server drew it is the one the app kept; its signature's code is not loaded yet.
    await expect(heading).toHaveAttribute('data-from-server', 'sí');
    expect(scripts.some((script) => /quote-acceptance|signature-pad/.test(script))).toBe(false);
    await page.getByRole('button', { name: 'Firmar el presupuesto' }).click();
    await expect(page.getByRole('textbox', { name: /^Nombre y apellidos/ })).toHaveValue(DEMO.paciente.name);
    await expect(page.getByTestId('signature-pad')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('el enlace de pago y la vuelta del banco los toma la aplicación sin quejarse; un pago pulsado antes no se pierde', async ({
    page,
    request,
  }) => {
    const links = await linkPages(request);
    const problems = problemsOf(page);
    await page.goto(links.paid);
    const status = page.getByRole('status').filter({ hasText: 'Pago pendiente de confirmar' });
    await status.evaluate((element) => element.setAttribute('data-from-server', 'sí'));
    await taken(page);
    await expect(status).toHaveAttribute('data-from-server', 'sí');

    // A link that is not valid is only read: the app waits for her first touch (only its loader is fetched).
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/pagar/no-vale');
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Enlace no disponible')).toBeVisible();
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)]);

    // Pressed as soon as it shows, before or after the app has it: the bank's page opens (the local Redsys).
    await page.goto(links.pay, { waitUntil: 'commit' });
    await page.getByRole('button', { name: `Pagar por Bizum la factura ${links.invoiceNumber}` }).click();
    await expect(page.getByRole('heading', { name: 'Pagar con Bizum' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
