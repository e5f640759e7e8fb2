import { expectNoAxeViolations } from './axe';
import { demoDoctorAndService, euros, postJson, signInAsDesk, uniqueWord, VIEWPORTS } from './economics-data';
import type { Page } from '@playwright/test';
import { baseUrl, DEMO, expect, label, newClinicContext, readMailsTo, reviewShot, test, uniqueEmail } from './fixtures';

/**
 * Decision 0121 as a visitor meets it, at 1280 and 390 px: she books online a service that asks a deposit, is told
 * so before confirming, pays it by card on the bank's page (the suite's local Redsys), finds it paid on her booking's
 * page, and cancelling two days ahead gives it back with its rectifying invoice.
 */

const DEPOSIT_CENTS = 3000;

for (const viewport of VIEWPORTS) {
  const px = `${viewport.width}`;

  test.describe(`Señal al reservar online (${px} px)`, () => {
    test.use({ viewport });
    // A booking, the bank's page and a cancellation, with two people: over a minute on a loaded two-core machine.
    test.describe.configure({ timeout: 120_000 });

    test(`a visitor pays a service's deposit by card, sees it on her booking, and gets it back cancelling in time (${px} px)`, async ({
      page,
      browser,
    }) => {
      // The desk's set-up through the API, in a context of its own: the visitor is nobody's session.
      const desk = await newClinicContext(browser);
      await signInAsDesk(desk.request);
      const { doctor, service: visit } = await demoDoctorAndService(desk.request, 'Primera visita');
      const service = `Cirugía menor ${uniqueWord()}`;
      const body = {
        name: service,
        specialtyId: (visit as unknown as { specialtyId: string }).specialtyId,
        doctorIds: [doctor.id],
        durationMinutes: 30,
        priceCents: 10_000,
        vat: 'exenta',
        bookableOnline: true,
        active: true,
        depositCents: DEPOSIT_CENTS,
        depositRefundHours: 48,
      };
      const created = await postJson<{ id: string }>(desk.request, '/api/services', body);
      try {
        await visitorPaysAndCancels(page, service, px);
      } finally {
        // Other specs count the services their specialty offers online (the waiting list's): none is left behind.
        const off = await desk.request.put(`/api/services/${created.id}`, {
          headers: { Origin: baseUrl() },
          data: { ...body, active: false },
        });
        expect(off.status(), await off.text()).toBe(200);
        await desk.close();
      }
    });
  });
}

/** The visitor's side: book the service, pay its deposit on the bank's page, see it paid, cancel and get it back. */
async function visitorPaysAndCancels(page: Page, service: string, px: string) {
  const email = uniqueEmail('senal');
  await page.goto('/agendar-cita');
  await page
    .getByRole('radiogroup', { name: 'Especialidad' })
    .getByRole('radio', { name: 'Medicina familiar', exact: true })
    .click();
  await page
    .getByRole('radiogroup', { name: 'Servicio' })
    .getByRole('radio', { name: new RegExp(`^${service}`) })
    .click();
  const card = page.getByRole('radio', { name: new RegExp(DEMO.doctor.name) });
  await card.click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  // A week ahead: far more than the 48 hours that give the deposit back.
  const weekLabel = page.getByText(/^Semana del /);
  const before = await weekLabel.textContent();
  await page.getByRole('button', { name: 'Semana siguiente' }).click();
  await expect(weekLabel).not.toHaveText(before!);
  const times = page.getByRole('group', { name: /^Horas libres del / });
  const nextWeek = page.getByRole('button', { name: 'Ver la semana siguiente' });
  await expect(times.or(nextWeek)).toBeVisible();
  while (await nextWeek.isVisible()) {
    await nextWeek.click();
    await expect(times.or(nextWeek)).toBeVisible();
  }
  await times.getByRole('button').first().click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('region', { name: 'Tu cita' })).toContainText(
    `Para reservar se pide una señal de ${euros(DEPOSIT_CENTS)}`,
  );
  const form = page.getByRole('form', { name: 'Tus datos' });
  await form.getByRole('textbox', { name: label('Nombre') }).fill('Julia');
  await form.getByRole('textbox', { name: label('Apellidos') }).fill(`Señal ${uniqueWord()}`);
  await form.getByRole('textbox', { name: label('Correo electrónico') }).fill(email);
  await form.getByRole('textbox', { name: label('Teléfono') }).fill('+34 655 444 333');
  await form.getByRole('checkbox', { name: /acepto la política de privacidad/ }).check();
  await page.getByRole('button', { name: 'Confirmar cita' }).click();

  const step = page.getByRole('region', { name: 'Señal de la cita' });
  await expect(step).toContainText(`Paga la señal de ${euros(DEPOSIT_CENTS)} para confirmar la reserva`);
  await expectNoAxeViolations(page, 'reserva hecha, señal por pagar');
  await reviewShot(page, `deposit-to-pay-${px}.png`, { fullPage: true });
  await step.getByRole('button', { name: 'Pagar con tarjeta' }).click();
  // The local Redsys's page: the amount, and she authorises it.
  await expect(page.getByRole('heading', { name: 'Pagar con tarjeta' })).toBeVisible();
  await expect(page.getByText(`Importe: ${euros(DEPOSIT_CENTS)}`, { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Autorizar' }).click();
  await expect(page).toHaveURL(/\/pago\/[^/]+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Pago recibido' })).toContainText(
    `Hemos recibido tu pago de ${euros(DEPOSIT_CENTS)}`,
  );

  // Her booking's page, from the confirmation e-mail: the deposit paid, and until when it comes back.
  const mail = (await readMailsTo(email)).find((received) => /\/cita\//.test(received.text))!;
  await page.goto(new URL(/https?:\/\/[^\s"<>]+\/cita\/[^\s"<>]+/.exec(mail.text)![0]).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Tu cita' })).toBeVisible();
  const paid = page.getByRole('alert').filter({ hasText: 'Señal pagada' });
  await expect(paid).toContainText(`Has pagado una señal de ${euros(DEPOSIT_CENTS)} (factura S`);
  await expectNoAxeViolations(page, '/cita con la señal pagada');

  await page.getByRole('button', { name: 'Cancelar la cita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar la cita' });
  await expect(dialog).toContainText(`Se te devolverá la señal de ${euros(DEPOSIT_CENTS)}`);
  await dialog.getByRole('button', { name: 'Cancelar la cita' }).click();
  await expect(dialog).toBeHidden();
  const back = page.getByRole('alert').filter({ hasText: 'Señal devuelta' });
  await expect(back).toContainText(`Te hemos devuelto la señal de ${euros(DEPOSIT_CENTS)} (factura rectificativa R`);
  await reviewShot(page, `deposit-refunded-${px}.png`, { fullPage: true });
}
