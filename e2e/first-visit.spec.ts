import type { APIRequestContext, Page } from '@playwright/test';
import { PHONE_CONSENT_TEXT } from '../src/common/schemas/channels';
import { smsShape } from '../src/server/communications/providers/gsm7';
import { DEMO_PASSWORD, expect, label, linkIn, readMailsTo, signInViaApi, uniqueEmail } from './fixtures';
import { OWN_CLINIC_TWILIO, test, type OwnClinic } from './own-clinic';

/**
 * Issue 24, done when: a new patient books a procedure online, signs its consent and answers the questionnaire
 * on her phone, gets her reminder by the channel she chose, and the doctor opens the visit with both in front of
 * her. It runs on the clinic whose clock a spec may move and which has a (local, fake) Twilio configured
 * (e2e/own-clinic.ts) — the suite's two servers have no phone provider and other specs assert «sin proveedor
 * configurado».
 */

/** The demo's Traumatología doctor, who performs «Infiltración» (the demo's infiltration consent). */
const TRAUMA = { email: 'dra.navarro@clinica.demo', name: 'Dra. Elena Navarro Castro' };
const PHONE = { typed: '612 345 678', e164: '+34612345678' };
const PHONE_VIEWPORT = { width: 390, height: 844 };

const smsTo = (clinic: OwnClinic, number: string) =>
  clinic.twilio.received.filter((request) => new URLSearchParams(request.body).get('To') === number);

/** The admin, through the API: the clinic offers SMS first, and «Infiltración» can be booked online. */
async function prepareClinic(clinic: OwnClinic): Promise<{ admin: APIRequestContext; leadHours: number }> {
  const admin = await clinic.signedInAdmin();
  const { providers, ...channels } = (await (await admin.get('/api/settings/channels')).json()) as {
    providers: { sms: boolean };
  } & Record<string, unknown>;
  expect(providers.sms).toBe(true);
  const saved = await admin.put('/api/settings/channels', { data: { ...channels, channels: ['sms', 'email'] } });
  expect(saved.status(), await saved.text()).toBe(200);

  const services = (await (await admin.get('/api/services')).json()) as {
    id: string;
    name: string;
    specialtyId: string;
    doctors: { id: string }[];
    durationMinutes: number;
    priceCents: number;
    vat: string;
    active: boolean;
  }[];
  const infiltration = services.find((service) => service.name === 'Infiltración')!;
  const { id, doctors, ...rest } = infiltration;
  const online = await admin.put(`/api/services/${id}`, {
    data: {
      name: rest.name,
      specialtyId: rest.specialtyId,
      doctorIds: doctors.map((doctor) => doctor.id),
      durationMinutes: rest.durationMinutes,
      priceCents: rest.priceCents,
      vat: rest.vat,
      bookableOnline: true,
      active: rest.active,
    },
  });
  expect(online.status(), await online.text()).toBe(200);
  const settings = (await (await admin.get('/api/settings')).json()) as { reminderLeadHours: number };
  return { admin, leadHours: settings.reminderLeadHours };
}

/** «Pedir cita» on the phone: Traumatología, «Infiltración» with the doctor, a time of next week (days ahead). */
async function bookInfiltration(page: Page, visitor: { firstName: string; lastName: string; email: string }) {
  await page.goto('/agendar-cita');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedir cita' })).toBeVisible();
  await page
    .getByRole('radiogroup', { name: 'Especialidad' })
    .getByRole('radio', { name: 'Traumatología', exact: true })
    .click();
  await page
    .getByRole('radiogroup', { name: 'Servicio' })
    .getByRole('radio', { name: /^Infiltración/ })
    .click();
  const card = page.getByRole('radio', { name: new RegExp(TRAUMA.name) });
  await card.click();
  await expect(card).toBeChecked();
  await page.getByRole('button', { name: 'Continuar' }).click();

  const weekLabel = page.getByText(/^Semana del /);
  const before = await weekLabel.textContent();
  await page.getByRole('button', { name: 'Semana siguiente' }).click();
  await expect(weekLabel).not.toHaveText(before!);
  const times = page.getByRole('group', { name: /^Horas libres del / });
  await times.getByRole('button').first().click();
  await expect(page.getByText(/^Has elegido:/)).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();

  const form = page.getByRole('form', { name: 'Tus datos' });
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: label('Nombre') }).fill(visitor.firstName);
  await form.getByRole('textbox', { name: label('Apellidos') }).fill(visitor.lastName);
  await form.getByRole('textbox', { name: label('Correo electrónico') }).fill(visitor.email);
  await form.getByRole('textbox', { name: label('Teléfono') }).fill(PHONE.typed);
  await form.getByRole('textbox', { name: label('Motivo de la consulta') }).fill('Dolor de hombro');
  const channel = form.getByRole('radiogroup', { name: /¿Cómo quieres recibir el recordatorio\?/ });
  await channel.getByRole('radio', { name: 'SMS' }).check();
  await form.getByRole('checkbox', { name: PHONE_CONSENT_TEXT }).check();
  await form.getByRole('checkbox', { name: /acepto la política de privacidad/ }).check();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  await form.getByRole('button', { name: 'Confirmar cita' }).click();
  await expect(page.getByRole('heading', { name: 'Cita reservada', exact: true })).toBeVisible();
}

/** The consent, read and signed on the phone, the signature drawn with the pointer. */
async function signConsent(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Consentimiento informado' })).toBeVisible();
  await expect(page.getByText('Pendiente de firma')).toBeVisible();
  await page.getByRole('textbox', { name: /Número de documento del paciente/ }).fill('12345678Z');
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 120);
  await page.mouse.down();
  for (const [dx, dy] of [
    [60, -70],
    [120, -10],
    [180, -80],
    [240, -20],
  ] as const) {
    await page.mouse.move(box.x + 30 + dx, box.y + 120 + dy, { steps: 6 });
  }
  await page.mouse.up();
  await expect(page.getByText('Firma dibujada (1 trazo).')).toBeVisible();
  await page.getByRole('button', { name: 'Firmar el consentimiento' }).click();
  await expect(page.getByText('Has firmado este consentimiento. Gracias.')).toBeVisible();
}

/** The first-visit questionnaire, declaring an allergy to latex, sent. */
async function answerQuestionnaire(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Cuestionario de primera visita' })).toBeVisible();
  await page.getByRole('textbox', { name: /¿Por qué pides la cita\?/ }).fill('Dolor de hombro al levantar el brazo');
  await page.getByRole('button', { name: 'Añadir alergia' }).click();
  await page.getByRole('textbox', { name: 'Alergia a (1)' }).fill('Látex');
  await page.getByRole('textbox', { name: 'Qué te ocurre' }).fill('Picor en las manos');
  await page.getByRole('checkbox', { name: 'No tomo ninguna medicación' }).check();
  await page
    .getByRole('radiogroup', { name: /¿Fumas\?/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByRole('button', { name: 'Enviar el cuestionario' }).click();
  await expect(page.getByText('Cuestionario enviado')).toBeVisible();
}

test.describe('Primera visita, de principio a fin', () => {
  test('a new patient books «Infiltración» on her phone choosing SMS, signs, answers; the SMS reminder arrives; the doctor sees both', async ({
    browser,
    ownClinic: clinic,
  }) => {
    test.setTimeout(300_000);
    const { admin, leadHours } = await prepareClinic(clinic);
    const visitor = { firstName: 'Carmen', lastName: 'Primera Visita', email: uniqueEmail('primera-visita') };

    const phone = await clinic.newPage(browser, PHONE_VIEWPORT);
    await bookInfiltration(phone, visitor);

    // The confirmation e-mail carries the consent's and the questionnaire's links, and the booking's.
    const [confirmation] = await readMailsTo(visitor.email, { timeout: 30_000 });
    expect(confirmation!.subject).toMatch(/^Cita confirmada/);
    const pathOf = (pattern: RegExp) => new URL(pattern.exec(confirmation!.text)![0]).pathname;
    const consentLink = linkIn(confirmation!, pathOf(/https?:\/\/[^\s"'<>]+\/consentimiento\/[^\s"'<>]+/));
    const questionnaireLink = linkIn(confirmation!, pathOf(/https?:\/\/[^\s"'<>]+\/cuestionario\/[^\s"'<>]+/));
    const manageToken = pathOf(/https?:\/\/[^\s"'<>]+\/cita\/[^\s"'<>?]+/).split('/cita/')[1]!;
    const booked = (await (await admin.get(`/api/public/bookings/${manageToken}`)).json()) as {
      id: string;
      startsAt: string;
    };

    await signConsent(phone, consentLink);
    await answerQuestionnaire(phone, questionnaireLink);
    await phone.context().close();

    // Nothing is due yet; the server's clock moves to a minute after the reminder's time.
    expect(smsTo(clinic, PHONE.e164)).toHaveLength(0);
    const due = Date.parse(booked.startsAt) - leadHours * 3_600_000 + 60_000;
    expect(due - clinic.now().getTime()).toBeGreaterThan(24 * 3_600_000);
    await clinic.moveClock(due - clinic.now().getTime());

    // The reminder job (every 2 s) writes it, the delivery worker sends it: one SMS to her phone, in one part, with
    // the short link (decision 0127) to the booking's page on the clinic's own address.
    await expect.poll(() => smsTo(clinic, PHONE.e164).length, { timeout: 60_000 }).toBe(1);
    const sms = new URLSearchParams(smsTo(clinic, PHONE.e164)[0]!.body);
    expect(sms.get('From')).toBe(OWN_CLINIC_TWILIO.from);
    expect(smsShape(sms.get('Body')!)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    const smsLink = /https?:\/\/\S+\/r\/[A-Za-z0-9]{10}$/.exec(sms.get('Body')!)![0];
    expect(smsLink.startsWith(`${clinic.baseURL}/r/`)).toBe(true);
    const opened = await admin.get(smsLink, { maxRedirects: 0 });
    expect(opened.status()).toBe(303);
    const page = new URL(opened.headers()['location']!, clinic.baseURL);
    expect(page.pathname.startsWith('/cita/')).toBe(true);
    const fromSms = await admin.get(`/api/public/bookings/${page.pathname.split('/cita/')[1]}${page.search}`);
    expect(((await fromSms.json()) as { id: string }).id).toBe(booked.id);

    // The doctor, at her desk, opens the visit: the consent signed and the questionnaire's answers.
    const doctor = await clinic.newPage(browser, { width: 1280, height: 900 });
    await signInViaApi(doctor, TRAUMA.email, DEMO_PASSWORD, clinic.baseURL);
    await doctor.goto(`/doctor/citas/${booked.id}`);
    await expect(doctor.getByLabel(/Consentimiento «.*infiltración.*»: Firmado/)).toBeVisible();
    const answers = doctor.getByRole('region', { name: 'Cuestionarios' });
    await expect(answers.getByText('Dolor de hombro al levantar el brazo')).toBeVisible();
    await expect(answers.getByRole('button', { name: 'Copiar a la historia (alergia: Látex)' })).toBeVisible();
    await doctor.context().close();

    // Still one SMS (many job runs later), and no reminder e-mail to her.
    expect(smsTo(clinic, PHONE.e164)).toHaveLength(1);
    const mails = await readMailsTo(visitor.email);
    expect(mails.map((mail) => mail.subject).filter((subject) => /^Recordatorio/.test(subject))).toEqual([]);
    await admin.dispose();
  });
});
