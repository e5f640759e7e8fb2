import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  baseUrl,
  clinicNow,
  DEMO,
  DEMO_PASSWORD,
  expect,
  patientPayload,
  reviewShot,
  signInViaApi,
  test,
} from './fixtures';

const TODAY = '2026-01-12';
/** A DNI of our own each run (documents are unique among records), with its control letter. */
const randomDni = () => {
  const digits = crypto.randomInt(10_000_000, 99_999_999);
  return `${digits}${'TRWAGMYFPDXBNJZSQVHLCKE'[digits % 23]}`;
};
const uniqueWord = () =>
  Array.from(crypto.randomBytes(6), (byte) => 'abcdefghijklmnopqrstuvwxyz'[byte % 26])
    .join('')
    .replace(/^./, (first) => first.toUpperCase());

/**
 * A patient of our own (with DNI and address, as a complete invoice needs) whose visit with the demo doctor today,
 * booked without a service, the desk has marked attended. `request` (the page's, sharing its cookies) is left
 * signed in as the demo admin.
 */
async function attendedVisitToday(request: APIRequestContext, lastName: string) {
  const headers = { Origin: baseUrl() };
  const signIn = await request.post('/api/auth/sign-in', {
    headers,
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
  });
  expect(signIn.ok()).toBeTruthy();
  const doctors = (await (await request.get('/api/doctors')).json()) as { id: string; displayName: string }[];
  const doctor = doctors.find((item) => item.displayName === DEMO.doctor.name)!;
  const created = await request.post('/api/patients', {
    headers,
    data: patientPayload({
      firstName: 'Inés',
      lastName,
      documentType: 'dni',
      documentNumber: randomDni(),
      address: 'Calle de Toledo 10, 28005 Madrid',
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const patientId = ((await created.json()) as { id: string }).id;
  // The afternoon's times the doctor's diary leaves free, asked once: each spec's visit takes one, and trying every
  // ten minutes from 13:00 made one request per visit booked before it.
  const range = new URLSearchParams({
    from: new Date(`${TODAY}T13:00:00+01:00`).toISOString(),
    to: new Date(`${TODAY}T22:00:00+01:00`).toISOString(),
    doctorId: doctor.id,
  });
  const diary = await request.get(`/api/appointments/range?${range}`);
  expect(diary.status(), await diary.text()).toBe(200);
  const busy = (await diary.json()) as { startsAt: string; endsAt: string }[];
  for (let minute = 13 * 60; minute < 22 * 60; minute += 10) {
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    const startsAt = new Date(`${TODAY}T${time}:00+01:00`);
    const endsAt = startsAt.getTime() + 10 * 60_000;
    if (busy.some((item) => Date.parse(item.startsAt) < endsAt && Date.parse(item.endsAt) > startsAt.getTime()))
      continue;
    const booked = await request.post('/api/appointments', {
      headers,
      data: {
        patientId,
        doctorId: doctor.id,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 10 * 60_000).toISOString(),
        reason: 'Dolor de espalda',
        channel: 'telefono',
        allowOutsideHours: true,
      },
    });
    if (booked.status() !== 201) {
      expect(booked.status(), await booked.text()).toBe(409);
      continue;
    }
    const appointmentId = ((await booked.json()) as { id: string }).id;
    const attended = await request.post(`/api/appointments/${appointmentId}/status`, {
      headers,
      data: { status: 'atendida', arrivedAt: clinicNow().toISOString() },
    });
    expect(attended.status(), await attended.text()).toBe(200);
    return { name: `Inés ${lastName}`, patientId, appointmentId };
  }
  throw new Error('No free time today for the demo doctor');
}

/**
 * That visit invoiced (a complete invoice of «Primera visita», 50 €) through the API, as the desk's dialog does,
 * with `paidCents` (if any) taken in cash: the steps after the issue start from it.
 */
async function invoicedVisitToday(request: APIRequestContext, lastName: string, paidCents: number) {
  const visit = await attendedVisitToday(request, lastName);
  const headers = { Origin: baseUrl() };
  const services = (await (await request.get('/api/services')).json()) as {
    id: string;
    name: string;
    doctors: { name: string }[];
  }[];
  // The demo doctor's (family medicine, 50 €): dermatology's and traumatology's «Primera visita» are other services.
  const firstVisit = services.find(
    (service) =>
      service.name === 'Primera visita' && service.doctors.some((doctor) => doctor.name === DEMO.doctor.name),
  )!;
  const issued = await request.post('/api/invoices', {
    headers,
    data: {
      patientId: visit.patientId,
      appointmentIds: [visit.appointmentId],
      appointmentServices: { [visit.appointmentId]: firstVisit.id },
      kind: 'completa',
    },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const invoice = (await issued.json()) as { id: string; number: string };
  if (paidCents > 0) {
    const paid = await request.post(`/api/invoices/${invoice.id}/payments`, {
      headers,
      data: { method: 'efectivo', amountCents: paidCents },
    });
    expect(paid.status(), await paid.text()).toBe(201);
  }
  return { name: visit.name, number: invoice.number };
}

test.describe('Facturación', () => {
  // One invoice's life in three tests, each from its own visit: issued from the diary; found in the list, paid in
  // part, the cash closed and the books read; rectified once paid and what was taken given back.
  test('la recepción factura una cita atendida desde la agenda y descarga el PDF', async ({ page }) => {
    const { name } = await attendedVisitToday(page.context().request, `${uniqueWord()} Factura`);
    // Signed in as the desk by the set-up's API calls (the page shares their cookies): the sign-in form is the
    // auth spec's, not this one's.
    await page.goto('/admin/citas-hoy');

    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
    await row.getByRole('button', { name: `Facturar la cita de ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Facturar la cita de ${name}` });
    await dialog.getByRole('radio', { name: /^Completa/ }).check();
    // Booked without a service: the server asks which one is invoiced.
    await dialog.getByRole('button', { name: 'Emitir factura' }).click();
    await expect(dialog.getByText(/no tiene servicio: elige cuál se factura$/)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Servicio facturado' }).click();
    await page.getByRole('option', { name: 'Primera visita · Medicina familiar · 50,00 €' }).click();
    // The dialog alone: axe over the whole diary of the demo's day took 12 s a run on a busy machine, and the diary
    // itself is audited by the accessibility spec.
    await expectNoAxeViolations(page, 'diálogo «Facturar»', '[role=dialog]');
    await dialog.getByRole('button', { name: 'Emitir factura' }).click();
    const issued = page.getByText(/^Factura F2026-\d{6} emitida$/);
    await expect(issued).toBeVisible();
    const number = /F2026-\d{6}/.exec((await issued.textContent())!)![0];
    // The diary now shows the visit's invoice instead of «Facturar», and it opens (downloads) that very invoice.
    const diaryInvoice = row.getByRole('link', { name: `Descargar la factura ${number} de ${name}` });
    await expect(diaryInvoice).toHaveText(`Factura ${number}`);
    await expect(row.getByRole('button', { name: `Facturar la cita de ${name}` })).toHaveCount(0);
    const fromDiary = page.waitForEvent('download');
    await diaryInvoice.click();
    expect((await fromDiary).suggestedFilename()).toBe(`factura-${number}.pdf`);
  });

  test('la recepción ve la factura en la lista, descarga su PDF, cobra parte, cierra la caja y descarga los libros', async ({
    page,
  }) => {
    const { name, number } = await invoicedVisitToday(page.context().request, `${uniqueWord()} Cobro`, 0);
    await page.goto('/admin/facturacion');
    const table = page.getByRole('table', { name: 'Facturas' });
    const invoiceRow = table.getByRole('row').filter({ has: page.getByRole('cell', { name: number, exact: true }) });
    await expect(invoiceRow).toContainText(name);
    await expect(invoiceRow).toContainText('50,00 €');
    await expect(invoiceRow).toContainText('Pendiente');
    await expectNoAxeViolations(page, '/admin/facturacion');
    const download = page.waitForEvent('download');
    await invoiceRow.getByRole('link', { name: `Descargar el PDF de la factura ${number}` }).click();
    expect((await download).suggestedFilename()).toBe(`factura-${number}.pdf`);

    // Half paid in cash at the desk: the rest is still owed, and the day's cash shows it.
    await invoiceRow.getByRole('button', { name: `Cobrar la factura ${number}` }).click();
    const pay = page.getByRole('dialog', { name: `Cobrar la factura ${number}` });
    await pay.getByText('Efectivo', { exact: true }).click();
    await pay.getByRole('textbox', { name: 'Importe' }).fill('20');
    await pay.getByRole('button', { name: 'Registrar cobro' }).click();
    await expect(page.getByText('Pendiente: 30,00 €')).toBeVisible();
    await expect(invoiceRow).toContainText('Pago parcial');
    await expect(invoiceRow).toContainText('Faltan 30,00 €');
    await page.getByRole('tab', { name: 'Caja' }).click();
    const byMethod = page.getByRole('table', { name: 'Cobros del día por forma de pago' });
    await expect(byMethod.getByRole('row', { name: /^Efectivo/ })).toContainText('20,00 €');
    await expect(page.getByRole('table', { name: 'Cobros del día por profesional' })).toContainText(DEMO.doctor.name);
    await expectNoAxeViolations(page, 'la caja del día');
    // The shift closed with what the desk counted: asked empty, confirmed with its difference, kept.
    await page.getByRole('button', { name: 'Cerrar la caja' }).click();
    await expect(page.getByText('Escribe lo contado (0 si no hay)')).toHaveCount(4);
    for (const [method, value] of [
      ['efectivo', '15'],
      ['tarjeta', '0'],
      ['transferencia', '0'],
      ['bizum', '0'],
    ] as const)
      await page.getByRole('textbox', { name: `Contado: ${method}` }).fill(value);
    await page.getByRole('button', { name: 'Cerrar la caja' }).click();
    const confirmClosing = page.getByRole('dialog', { name: '¿Cerrar la caja?' });
    await expect(confirmClosing).toContainText('−5,00 € (falta)');
    await expectNoAxeViolations(page, 'diálogo «¿Cerrar la caja?»', '[role=dialog]');
    await confirmClosing.getByRole('button', { name: 'Confirmar el cierre' }).click();
    const closings = page.getByRole('table', { name: 'Cierres de caja del día' });
    await expect(closings.getByRole('row', { name: /Turno 1/ })).toContainText('−5,00 € (falta)');
    await expectNoAxeViolations(page, 'la caja cerrada');
    // The books of the quarter: the 303's VAT charged, and the libro registro in the AEAT's Excel.
    await page.getByRole('tab', { name: 'Libros' }).click();
    await expect(page.getByRole('table', { name: 'Modelo 303: IVA devengado' })).toBeVisible();
    await expectNoAxeViolations(page, 'los libros');
    const libro = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Libro registro de facturas expedidas (Excel)' }).click();
    expect((await libro).suggestedFilename()).toMatch(/^2026B86561412E\w+\.xlsx$/);
  });

  test('una factura cobrada no se anula: se rectifica y se devuelve lo cobrado; la pestaña VERI*FACTU lo lista', async ({
    page,
  }) => {
    const { name, number } = await invoicedVisitToday(page.context().request, `${uniqueWord()} Rectifica`, 2000);
    await page.goto('/admin/facturacion');
    const table = page.getByRole('table', { name: 'Facturas' });
    const invoiceRow = table.getByRole('row').filter({ has: page.getByRole('cell', { name: number, exact: true }) });
    await expect(invoiceRow).toContainText(name);

    // The wrong service was invoiced and the visit is not to be charged: a paid invoice is not cancelled but
    // rectified — by difference, all of it given back — and what was taken is returned through the rectifying one.
    await expect(invoiceRow.getByRole('button', { name: `Anular la factura ${number}` })).toHaveCount(0);
    await invoiceRow.getByRole('button', { name: `Rectificar la factura ${number}` }).click();
    const rectify = page.getByRole('dialog', { name: `Rectificar la factura ${number}` });
    await expect(rectify.getByRole('textbox', { name: 'Concepto 1' })).toHaveValue(/^Devolución: Primera visita/);
    await rectify.getByRole('textbox', { name: 'Motivo' }).fill('Se facturó el servicio equivocado');
    await expectNoAxeViolations(page, 'diálogo «Rectificar»', '[role=dialog]');
    await reviewShot(page, 'rectify-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await reviewShot(page, 'rectify-390.png');
    await page.setViewportSize({ width: 1280, height: 800 });
    await rectify.getByRole('button', { name: 'Emitir rectificativa' }).click();
    await expect(page.getByText('Factura rectificativa emitida')).toBeVisible();
    const rectifyingRow = table.getByRole('row').filter({ hasText: `Rectifica ${number}` });
    await expect(rectifyingRow).toContainText(/R2026-\d{6}/);
    const rectifyingNumber = /R2026-\d{6}/.exec((await rectifyingRow.textContent())!)![0];
    await expect(rectifyingRow).toContainText('-50,00 €');
    await expect(invoiceRow).toContainText('A devolver 20,00 €');
    await invoiceRow.getByRole('button', { name: `Devolver lo cobrado de la factura ${number}` }).click();
    const giveBack = page.getByRole('dialog', { name: `Devolver lo cobrado de la factura ${number}` });
    await expect(giveBack.getByRole('textbox', { name: 'Importe' })).toHaveValue('20,00 €');
    await giveBack.getByRole('button', { name: 'Registrar devolución' }).click();
    await expect(page.getByText(`${number}: saldada`)).toBeVisible();
    await reviewShot(page, 'billing-rectified-1280.png');
    await expect(invoiceRow.getByRole('button', { name: /^Devolver/ })).toHaveCount(0);

    // The demo bills in pruebas: the page says so, the switch is not offered without a certificate, and the
    // system the records name is the software's producer (issue 35).
    await expect(page.getByRole('alert').filter({ hasText: 'Facturación en modo pruebas' })).toBeVisible();
    await page.getByRole('tab', { name: 'VERI*FACTU' }).click();
    await expect(page.getByRole('heading', { name: 'Modo de facturación' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pasar a producción…' })).toBeDisabled();
    await expect(page.getByText(/^Productor del programa: /)).toBeVisible();
    await expectNoAxeViolations(page, 'la pestaña VERI*FACTU');
    await reviewShot(page, 'verifactu-1280.png', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Pasar a producción…' })).toBeVisible();
    await reviewShot(page, 'verifactu-390.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByText('La cadena verifica')).toBeVisible();
    await expect(page.getByText(`Último registro: alta de la factura ${rectifyingNumber}`)).toBeVisible();
    const records = page.getByRole('table', { name: 'Registros de facturación' });
    await expect(records.getByRole('row').nth(1)).toContainText(rectifyingNumber);
    await expect(records.getByRole('row').nth(1)).toContainText('Pendiente de envío');
    await expectNoAxeViolations(page, 'la pestaña VERI*FACTU');
    await page.getByRole('tab', { name: 'Datos fiscales' }).click();
    await expect(page.getByRole('textbox', { name: 'NIF' })).toHaveValue('B86561412');

    // Rectified, the invoice stands and the visit stays on it: the diary still names the original.
    await page.goto('/admin/citas-hoy');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(row.getByRole('link', { name: `Descargar la factura ${number} de ${name}` })).toBeVisible();
  });

  test('cualquiera lee «Acerca de» y la declaración responsable del productor, también en un móvil', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Acerca de (VERI*FACTU)' }).click();
    await expect(page).toHaveURL(/\/acerca-de$/);
    await expect(page.getByRole('heading', { name: 'Acerca de Clínica', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Declaración responsable del sistema informático de facturación' }),
    ).toBeVisible();
    await expect(page.getByText(/cumple con lo dispuesto en el artículo 29\.2\.j\) de la Ley 58\/2003/)).toBeVisible();
    await expectNoAxeViolations(page, '/acerca-de');
    await page.setViewportSize({ width: 390, height: 844 });
    await reviewShot(page, 'about-390.png', { fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('la configuración muestra el modo de facturación y la declaración responsable', async ({ page }) => {
    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    await page.goto('/admin/configuracion');
    const card = page.getByRole('region', { name: 'VERI*FACTU' });
    await expect(card.getByText('Pruebas', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Declaración responsable del productor' }).click();
    await expect(card.getByText('k) Declaración de cumplimiento')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(
      page,
      'VERI*FACTU en la configuración',
      'section[aria-labelledby="verifactu-settings-title"]',
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await reviewShot(card, 'settings-verifactu-390.png');
  });

  test('un paciente ve sus facturas y descarga su PDF en «Mis facturas»', async ({ page }) => {
    await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD);
    await page.goto('/pacientes/dashboard');
    await page.getByRole('link', { name: 'Mis facturas' }).click();
    await expect(page).toHaveURL(/\/pacientes\/facturas$/);
    const table = page.getByRole('table', { name: 'Facturas' });
    const first = table
      .getByRole('row')
      .filter({ hasText: /F2026-\d{6}/ })
      .first();
    // The demo leaves the paciente's latest invoice unpaid (seed/payments.ts): she sees what she owes.
    await expect(first).toContainText('Pendiente');
    await expectNoAxeViolations(page, '/pacientes/facturas');
    const download = page.waitForEvent('download');
    await first.getByRole('link', { name: /^Descargar el PDF de la factura F2026-\d{6}$/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^factura-F2026-\d{6}\.pdf$/);
  });
});
