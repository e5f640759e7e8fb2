import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  amountsIn,
  attend,
  bookToday,
  centsOf,
  demoDoctorAndService,
  euros,
  getJson,
  insurerNamed,
  invoiceVisit,
  newPatient,
  PHONE,
  postJson,
  signInAs,
  signInAsDesk,
  TODAY,
  uniqueWord,
  VIEWPORTS,
} from './economics-data';
import { DEMO, expect, linkInMailTo, newClinicContext, reviewShot, test, uniqueEmail } from './fixtures';

/**
 * Issue 36's economics in the browser, each walk at 1280 and at 390 px (the desk on a tablet or a phone too): an
 * insurer's visit from booking to the insurer's month, a quote signed on a phone, a pack's third session, and an
 * invoice paid by Bizum through the local Redsys (global setup's, REDSYS_URL) — every figure to the cent.
 */

/** A text as a regular expression's literal; its spaces (the euro's no-break one too) as any space, as names read. */
/** A text as a regular expression's literal; its spaces (the euro's no-break one) as any space, as names are read. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s');

/** The row of a visit in «Citas de hoy». */
const todayRow = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

for (const viewport of VIEWPORTS) {
  const px = `${viewport.width}`;

  test.describe(`Economía de la clínica (${px} px)`, () => {
    test.use({ viewport });
    // Each walk is a few screens and two people: on a loaded two-core machine they took over a minute.
    test.describe.configure({ timeout: 120_000 });

    test(`a visit «por su aseguradora»: booked with its authorisation, attended, its copay or its cover, and the insurer's month (${px} px)`, async ({
      page,
      request,
    }) => {
      // Sanitas asks for an authorisation and charges a 3 € copay; Adeslas pays it all: one of each width.
      const insurerName = viewport === PHONE ? 'Adeslas' : 'Sanitas';
      await signInAsDesk(page.request);
      const { doctor, service } = await demoDoctorAndService(page.request, 'Revisión');
      const insurer = await insurerNamed(page.request, insurerName);
      const tariff = insurer.tariffs.find((item) => item.serviceId === service.id)!.priceCents!;
      const patient = await newPatient(page.request, `${uniqueWord()} Mutua`, {
        insurerId: insurer.id,
        cardNumber: '0012 7777 1234 5',
      });
      const availability = await getJson<{ doctors: { id: string; slots: { startsAt: string }[] }[] }>(
        page.request,
        `/api/public/availability?${new URLSearchParams({ doctorId: doctor.id, from: TODAY, to: TODAY })}`,
      );
      const slots = availability.doctors.find((item) => item.id === doctor.id)!.slots;
      const slot = slots[Math.floor(slots.length / 2)];
      if (!slot) throw new Error('The demo doctor has no free time today');

      // The desk books it: the form offers «Aseguradora» as the patient's insurer pays the service.
      await page.goto(
        `/admin/citas/nueva?${new URLSearchParams({ doctorId: doctor.id, startsAt: slot.startsAt, patientId: patient.id })}`,
      );
      const form = page.getByRole('form', { name: 'Nueva cita' });
      await form.getByRole('combobox', { name: /^Servicio/ }).click();
      await page
        .getByRole('option', { name: new RegExp(`^Revisión`) })
        .first()
        .click();
      await expect(form.getByRole('radio', { name: 'Aseguradora' })).toBeChecked();
      const copay = insurer.copayCents ? euros(insurer.copayCents) : 'ninguno';
      await expect(
        form.getByText(`${insurerName} paga ${euros(tariff)}; copago del paciente: ${copay}.`),
      ).toBeVisible();
      const authorization = `AUT-${uniqueWord().toUpperCase()}`;
      await form.getByRole('textbox', { name: /^Nº de autorización/ }).fill(authorization);
      await form.getByRole('textbox', { name: /^Motivo de la consulta/ }).fill('Revisión por su mutua');
      await expectNoAxeViolations(page, 'Nueva cita por aseguradora');
      await reviewShot(page, `insurer-booking-${px}.png`, { fullPage: true });
      await form.getByRole('button', { name: 'Reservar cita' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/admin/calendario' && url.searchParams.has('cita'));
      const appointmentId = new URL(page.url()).searchParams.get('cita')!;

      // The doctor attends her, from her own session.
      await signInAs(request, DEMO.doctor.email);
      await attend(request, appointmentId);

      await page.goto('/admin/citas-hoy');
      const row = todayRow(page, patient.name);
      let copayInvoice: string | null = null;
      if (insurer.copayCents) {
        await row.getByRole('button', { name: `Facturar la cita de ${patient.name}` }).click();
        const dialog = page.getByRole('dialog', { name: `Facturar la cita de ${patient.name}` });
        await expect(dialog.getByText(new RegExp(`^Copago ${insurerName} · Revisión`))).toBeVisible();
        const preview = dialog.getByRole('region', { name: 'Vista previa de la factura' });
        await expect(preview.getByText('Total factura').locator('..')).toContainText(euros(insurer.copayCents));
        await expectNoAxeViolations(page, 'diálogo «Facturar» del copago', '[role=dialog]');
        await reviewShot(page, `insurer-copay-${px}.png`);
        await dialog.getByRole('button', { name: 'Emitir factura' }).click();
        // A simplified invoice (the dialog's default) of the copay alone: series S.
        const issued = page.getByText(/^Factura S2026-\d{6} emitida$/);
        await expect(issued).toBeVisible();
        copayInvoice = /S2026-\d{6}/.exec((await issued.textContent())!)![0];
        await expect(
          row.getByRole('link', { name: `Descargar la factura ${copayInvoice} de ${patient.name}` }),
        ).toBeVisible();
      } else {
        await expect(row.getByText(`Cubierto por ${insurerName}`)).toBeVisible();
        await expect(row.getByRole('button', { name: `Facturar la cita de ${patient.name}` })).toHaveCount(0);
        await reviewShot(row, `insurer-covered-${px}.png`);
      }

      // «Liquidación de aseguradoras»: the month lists her visit at the tariff, and the total adds up to the cent.
      await page.goto('/admin/facturacion');
      if (copayInvoice) {
        const copayRow = page
          .getByRole('table', { name: 'Facturas' })
          .getByRole('row')
          .filter({
            has: page.getByRole('link', { name: `Descargar el PDF de la factura ${copayInvoice}`, exact: true }),
          });
        await expect(copayRow).toContainText(euros(insurer.copayCents!));
      }
      await page.getByRole('tab', { name: 'Liquidación de aseguradoras' }).click();
      await page.getByRole('combobox', { name: 'Aseguradora' }).click();
      await page.getByRole('option', { name: insurerName, exact: true }).click();
      await page.getByLabel('Mes', { exact: true }).fill('2026-01');
      const table = page.getByRole('table', { name: 'Visitas por liquidar' });
      const visit = table.getByRole('row').filter({ hasText: patient.name });
      await expect(visit).toContainText(authorization);
      await expect(visit).toContainText('0012 7777 1234 5');
      await expect(visit.getByRole('cell').last()).toHaveText(euros(tariff));
      const tariffs = await amountsIn(table.locator('tbody tr td:last-child'));
      const total = tariffs.reduce((sum, cents) => sum + cents, 0);
      await expect(table.locator('tfoot')).toContainText(`Total (${tariffs.length} visita`);
      expect(centsOf((await table.locator('tfoot th').last().textContent())!)).toBe(total);
      await expect(page.getByRole('button', { name: `Emitir factura (${euros(total)})` })).toBeVisible();
      await expectNoAxeViolations(page, 'Liquidación de aseguradoras');
      await reviewShot(page, `insurer-settlement-${px}.png`, { fullPage: true });
    });

    test(`a quote made at the desk, signed on the patient's phone from the e-mail, seen accepted (${px} px)`, async ({
      page,
      browser,
    }) => {
      await signInAsDesk(page.request);
      const email = uniqueEmail('presupuesto');
      const patient = await newPatient(page.request, `${uniqueWord()} Presupuesto`, { email });
      await page.goto(`/admin/pacientes/${patient.id}`);
      const quotes = page.getByRole('region', { name: 'Presupuestos' });
      await quotes.getByRole('button', { name: 'Nuevo presupuesto' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo presupuesto' });
      // Three «Revisión» (35 €, exempt) and a driving-licence certificate (40 € + 21 % VAT): 105 + 48,40.
      await dialog.getByRole('combobox', { name: 'Servicio de la línea 1' }).click();
      await page.getByRole('option', { name: 'Revisión · 35,00 €' }).first().click();
      await dialog.getByRole('textbox', { name: 'Sesiones' }).fill('3');
      await dialog.getByRole('button', { name: 'Añadir línea' }).click();
      await dialog.getByRole('combobox', { name: 'Servicio de la línea 2' }).click();
      await page.getByRole('option', { name: 'Certificado médico (permiso de conducir, deporte) · 40,00 €' }).click();
      await expectNoAxeViolations(page, 'diálogo «Nuevo presupuesto»', '[role=dialog]');
      await reviewShot(page, `quote-new-${px}.png`);
      await dialog.getByRole('button', { name: 'Guardar presupuesto' }).click();
      await expect(dialog).toBeHidden();
      const card = quotes.getByRole('article', { name: /^Presupuesto P-2026-\d{4}$/ });
      await expect(card).toContainText('Borrador');
      await expect(card).toContainText('153,40 €');
      const lines = card.getByRole('region', { name: /^Líneas del presupuesto/ });
      await expect(lines.getByRole('row').nth(1)).toContainText('105,00 €');
      await expect(lines.getByRole('row').nth(2)).toContainText('48,40 €');
      await card.getByRole('button', { name: 'Enviar' }).click();
      await expect(card).toContainText('Enviado');

      // On her phone, from the e-mail: read, signed with her finger, accepted.
      const phone = await newClinicContext(browser, { viewport: PHONE, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
      try {
        const her = await phone.newPage();
        await her.goto(await linkInMailTo(email, '/presupuesto/'));
        await expect(her.getByRole('heading', { level: 1, name: 'Presupuesto' })).toBeVisible();
        // Her signature's form opens at «Firmar el presupuesto» (not in the page's first load).
        await her.getByRole('button', { name: 'Firmar el presupuesto' }).click();
        await expect(her.getByText('Al firmar aceptas el presupuesto')).toContainText('153,40 €');
        await her.getByRole('textbox', { name: /^Nombre y apellidos/ }).fill(patient.name);
        await her.getByRole('textbox', { name: /^Número de documento/ }).fill('12345678Z');
        const pad = her.getByTestId('signature-pad');
        await pad.scrollIntoViewIfNeeded();
        const box = (await pad.boundingBox())!;
        await her.mouse.move(box.x + 30, box.y + 100);
        await her.mouse.down();
        for (const [dx, dy] of [
          [60, -50],
          [120, 0],
          [180, -60],
          [240, -10],
        ] as const) {
          await her.mouse.move(box.x + 30 + dx, box.y + 100 + dy, { steps: 5 });
        }
        await her.mouse.up();
        expect(await her.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await expectNoAxeViolations(her, '/presupuesto (firma en el móvil)');
        await reviewShot(her, `quote-signing-390-from-${px}.png`, { fullPage: true });
        await her.getByRole('button', { name: 'Acepto el presupuesto' }).click();
        await expect(her.getByText(/^Has aceptado este presupuesto/)).toBeVisible();
        await expectNoAxeViolations(her, '/presupuesto aceptado');
      } finally {
        await phone.close();
      }

      // The desk sees it accepted, by her signature, with all of it still to pay.
      await page.reload();
      await expect(card).toContainText('Aceptado');
      await expect(card).toContainText(`Aceptado por ${patient.name} (firma en el móvil)`);
      await expect(card.getByLabel('Situación del presupuesto')).toContainText(
        'Hecho: 0 de 4 sesiones · Facturado: 0,00 € · Pagado: 0,00 € · Pendiente: 153,40 €',
      );
      await expectNoAxeViolations(page, 'presupuesto aceptado en la ficha');
      await reviewShot(card, `quote-accepted-${px}.png`);
    });

    test(`a pack of five sessions sold at the desk: the third attended visit reads «Bono 3/5», not invoiced again (${px} px)`, async ({
      page,
    }) => {
      await signInAsDesk(page.request);
      const { doctor, service } = await demoDoctorAndService(page.request, 'Revisión');
      // A price whose refund has a fraction of a cent (decision 0119: it stays with the clinic): 2/5 of 157,49 € is
      // 62,996 € → 62,99 €; of 163,33 €, 65,332 € → 65,33 €. A price of each width tells their products apart.
      const priceCents = viewport === PHONE ? 16_333 : 15_749;
      const refundCents = Math.floor((priceCents * 2) / 5);
      await postJson(page.request, '/api/pack-products', {
        serviceId: service.id,
        sessions: 5,
        priceCents,
        validityMonths: 12,
        active: true,
      });
      const patient = await newPatient(page.request, `${uniqueWord()} Bono`);
      await page.goto(`/admin/pacientes/${patient.id}`);
      const packs = page.getByRole('region', { name: 'Bonos' });
      await packs.getByRole('button', { name: 'Vender bono' }).click();
      const dialog = page.getByRole('dialog', { name: 'Vender bono' });
      await dialog.getByRole('combobox', { name: 'Bono' }).click();
      await page
        .getByRole('option', {
          name: new RegExp(`^Bono 5 sesiones · Revisión.* · ${escapeRegExp(euros(priceCents))} sin IVA$`),
        })
        .click();
      await expect(dialog.getByText('Válido 12 meses desde hoy.', { exact: false })).toBeVisible();
      await expectNoAxeViolations(page, 'diálogo «Vender bono»', '[role=dialog]');
      await reviewShot(page, `pack-sell-${px}.png`);
      // Simplified (the dialog's default): its invoice is of series S.
      await dialog.getByRole('button', { name: 'Vender y facturar' }).click();
      const sold = page.getByText(/^Bono vendido: factura S2026-\d{6}$/);
      await expect(sold).toBeVisible();
      const invoiceNumber = /S2026-\d{6}/.exec((await sold.textContent())!)![0];
      await expect(packs.getByRole('row').nth(1)).toContainText('0 de 5 usadas · quedan 5');

      // Three visits today: two attended already, the third marked attended by the desk in «Citas de hoy».
      const visits = [];
      for (let index = 0; index < 3; index++) {
        visits.push(
          await bookToday(page.request, { patientId: patient.id, doctorId: doctor.id, serviceId: service.id }),
        );
      }
      await attend(page.request, visits[0]!.id);
      await attend(page.request, visits[1]!.id);
      await page.goto('/admin/citas-hoy');
      const third = todayRow(page, patient.name).filter({ hasText: visits[2]!.time });
      await third.getByRole('button', { name: 'Llegada' }).click();
      await third.getByRole('button', { name: 'Atendida' }).click();
      await expect(third.getByText('Bono 3/5')).toBeVisible();
      await expect(third.getByLabel('Sesión 3 de 5 de un bono')).toBeVisible();
      await expect(todayRow(page, patient.name).getByRole('button', { name: /^Facturar/ })).toHaveCount(0);
      await reviewShot(third, `pack-third-session-${px}.png`);
      // Not invoiced again, whoever asks.
      const again = await page.request.post('/api/invoices', {
        headers: { Origin: new URL(page.url()).origin },
        data: { patientId: patient.id, appointmentIds: [visits[2]!.id], kind: 'simplificada' },
      });
      expect(again.status(), await again.text()).toBe(409);

      // Her page: three used, two left, and what the two unused would give back, to the cent.
      await page.goto(`/admin/pacientes/${patient.id}`);
      const pack = packs.getByRole('row').nth(1);
      await expect(pack).toContainText('3 de 5 usadas · quedan 2');
      await expect(pack).toContainText(`Factura ${invoiceNumber}`);
      await expect(pack.getByRole('button', { name: `Devolver ${euros(refundCents)}` })).toBeVisible();
      await expectNoAxeViolations(page, 'los bonos de la paciente');
      await reviewShot(packs, `pack-card-${px}.png`);
      // The pack's invoice: its price, exempt as the service.
      await page.goto('/admin/facturacion');
      const invoiceRow = page
        .getByRole('table', { name: 'Facturas' })
        .getByRole('row')
        .filter({
          has: page.getByRole('link', { name: `Descargar el PDF de la factura ${invoiceNumber}`, exact: true }),
        });
      await expect(invoiceRow).toContainText(euros(priceCents));
    });

    test(`an invoice paid by Bizum from the payment link, through Redsys: paid, and in the day's cash (${px} px)`, async ({
      page,
      browser,
    }) => {
      await signInAsDesk(page.request);
      const { doctor, service } = await demoDoctorAndService(page.request, 'Primera visita');
      const email = uniqueEmail('bizum');
      const patient = await newPatient(page.request, `${uniqueWord()} Bizum`, { email });
      const visit = await bookToday(page.request, {
        patientId: patient.id,
        doctorId: doctor.id,
        serviceId: service.id,
        minutes: 30,
      });
      await attend(page.request, visit.id);
      // 50 € of which 12,34 € in cash at the desk: 37,66 € left to pay online.
      const { number } = await invoiceVisit(page.request, { patientId: patient.id, appointmentId: visit.id }, 1234);
      const pendingCents = service.priceCents - 1234;
      const before = await getJson<{ expected: { bizum: number } }>(page.request, `/api/billing/cash?day=${TODAY}`);

      await page.goto('/admin/facturacion');
      const invoiceRow = page
        .getByRole('table', { name: 'Facturas' })
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: `Descargar el PDF de la factura ${number}`, exact: true }) });
      await expect(invoiceRow).toContainText(`Faltan ${euros(pendingCents)}`);
      await invoiceRow.getByRole('button', { name: `Cobrar la factura ${number}` }).click();
      const pay = page.getByRole('dialog', { name: `Cobrar la factura ${number}` });
      await pay.getByRole('button', { name: 'Enviar enlace por correo' }).click();
      await expect(pay.getByRole('status')).toContainText(`Enlace enviado a ${email}`);
      await expectNoAxeViolations(page, 'diálogo «Cobrar» con el enlace enviado', '[role=dialog]');
      await reviewShot(page, `payment-link-sent-${px}.png`);
      await page.keyboard.press('Escape');

      const hers = await newClinicContext(browser, { viewport, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
      try {
        const her = await hers.newPage();
        await her.goto(await linkInMailTo(email, '/pagar/'));
        await expect(her.getByRole('heading', { level: 1, name: 'Pagar una factura' })).toBeVisible();
        await expect(her.getByText(`Pendiente: ${euros(pendingCents)}`)).toBeVisible();
        await expectNoAxeViolations(her, '/pagar (enlace de pago)');
        await reviewShot(her, `pay-link-${px}.png`, { fullPage: true });
        await her.getByRole('button', { name: `Pagar por Bizum la factura ${number}` }).click();
        // The local Redsys's page: Bizum, what is pending, and the person authorises it.
        await expect(her.getByRole('heading', { name: 'Pagar con Bizum' })).toBeVisible();
        await expect(her.getByText(`Importe: ${euros(pendingCents)}`, { exact: false })).toBeVisible();
        await her.getByRole('button', { name: 'Autorizar' }).click();
        await expect(her).toHaveURL(/\/pago\/[^/]+$/);
        const received = her.getByRole('status').filter({ hasText: 'Pago recibido' });
        await expect(received).toContainText(
          `Hemos recibido tu pago de ${euros(pendingCents)} de la factura ${number}`,
        );
        await expectNoAxeViolations(her, '/pago (pago recibido)');
        await reviewShot(her, `payment-received-${px}.png`, { fullPage: true });
      } finally {
        await hers.close();
      }

      // The desk: the invoice paid, and the day's Bizum takings grown by what she paid.
      await page.reload();
      await expect(invoiceRow).toContainText('Pagada');
      await page.getByRole('tab', { name: 'Caja' }).click();
      const byMethod = page.getByRole('table', { name: 'Cobros del día por forma de pago' });
      await expect(byMethod.getByRole('row', { name: /^Bizum/ })).toContainText(
        euros(before.expected.bizum + pendingCents),
      );
      await reviewShot(page, `cash-bizum-${px}.png`, { fullPage: true });
    });
  });
}
