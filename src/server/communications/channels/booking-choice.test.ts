import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PHONE_CONSENT_REQUIRED } from '../../../common/schemas/channels';
import { clock } from '../../platform/clock';
import { auditLog, messageOutbox, patients } from '../../platform/db/schema';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/app';
import { fakeMessagingConfig, startFakeProvider, type FakeProvider } from '../../test/fake-providers';
import { createDoctor, createPatientRecord, nextWeekday, TEST_MONDAY_MORNING } from '../../test/fixtures';

/**
 * «¿Cómo quieres recibir el recordatorio?» on the public booking: the channels offered, the choice recorded on
 * the record the booking creates (never on one that existed), and the reminder then going by it.
 */
let twilio: FakeProvider;
let whatsapp: FakeProvider;
let t: TestApp;
let admin: { id: string; cookie: string };
let doctor: { id: string };

const options = async () =>
  (await t.request({ method: 'GET', url: '/api/public/booking-options' })).json() as { reminderChannels: string[] };
const slotOn = async (day: string, index: number) =>
  (
    (await (
      await t.request({ method: 'GET', url: `/api/public/availability?doctorId=${doctor.id}&from=${day}&to=${day}` })
    ).json()) as {
      doctors: { slots: { startsAt: string }[] }[];
    }
  ).doctors[0]!.slots[index]!.startsAt;
const book = (startsAt: string, fields: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/public/bookings',
    payload: {
      doctorId: doctor.id,
      startsAt,
      firstName: 'Lucía',
      lastName: 'Canal Propio',
      email: 'lucia.canal@prueba.test',
      phone: '612 345 678',
      reason: '',
      acceptPrivacy: true,
      ...fields,
    },
  });
const recordOf = async (email: string) =>
  (await t.database.db.select().from(patients).where(eq(patients.email, email)))[0];
const setChannels = async (channels: string[]) => {
  const current = (await t.request({ method: 'GET', url: '/api/settings/channels', cookie: admin.cookie })).json();
  const { providers: _providers, ...settings } = current as Record<string, unknown>;
  const saved = await t.request({
    method: 'PUT',
    url: '/api/settings/channels',
    cookie: admin.cookie,
    payload: { ...settings, channels },
  });
  expect(saved.statusCode, saved.body).toBe(200);
};

beforeAll(async () => {
  clock.startAt(TEST_MONDAY_MORNING);
  twilio = await startFakeProvider('twilio');
  whatsapp = await startFakeProvider('whatsapp');
  // SMS configured, WhatsApp not: the clinic may list WhatsApp, but nobody may choose it.
  const { sms } = fakeMessagingConfig(twilio, whatsapp, TEST_ORIGIN);
  t = await buildTestApp({ config: { messaging: { sms } } });
  admin = await t.createUser({ role: 'admin' });
  doctor = await createDoctor(t, admin.cookie, {
    appointmentMinutes: 30,
    schedule: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '14:00' })),
  });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
  await whatsapp.close();
  clock.freeze(null);
});

describe('the reminder channel of a public booking', () => {
  it('offers the clinic’s channels in its order, a phone one only with its provider', async () => {
    await setChannels(['email']);
    expect((await options()).reminderChannels).toEqual(['email']);
    await setChannels(['whatsapp', 'sms', 'email']);
    expect((await options()).reminderChannels).toEqual(['sms', 'email']);
  });

  it('records SMS and the consent on the record it creates, by the patient at that moment; the reminder goes by SMS', async () => {
    clock.freeze('2026-03-02T10:15:00+01:00');
    const startsAt = await slotOn(nextWeekday(3), 2);
    const response = await book(startsAt, { preferredChannel: 'sms', phoneConsent: true });
    expect(response.statusCode, response.body).toBe(201);
    const record = (await recordOf('lucia.canal@prueba.test'))!;
    expect(record).toMatchObject({ preferredChannel: 'sms', phoneConsent: true, phoneConsentBy: null });
    expect(record.phoneConsentAt?.toISOString()).toBe('2026-03-02T09:15:00.000Z');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, record.id), eq(auditLog.action, 'update')));
    expect(entry?.details).toMatchObject({
      preferredChannel: 'sms',
      phoneConsent: true,
      by: 'patient',
      via: 'booking',
    });

    // Two days before the visit (the default lead, 48 h), not sooner, its reminder is an SMS to her mobile (and no
    // reminder e-mail).
    const outbox = () => t.database.db.select().from(messageOutbox).where(eq(messageOutbox.toNumber, '+34612345678'));
    await t.deps.appointments.enqueueDueReminders(new Date(Date.parse(startsAt) - 49 * 3_600_000));
    expect(await outbox()).toHaveLength(0);
    await t.deps.appointments.enqueueDueReminders(new Date(Date.parse(startsAt) - 47 * 3_600_000));
    expect(await outbox()).toMatchObject([{ channel: 'sms', kind: 'appointment-reminder' }]);
  });

  it('refuses a phone channel without the consent, and a channel the clinic does not offer, in Spanish', async () => {
    clock.startAt(TEST_MONDAY_MORNING);
    const startsAt = await slotOn(nextWeekday(4), 3);
    const cases = [
      [{ preferredChannel: 'sms' }, 'phoneConsent', PHONE_CONSENT_REQUIRED],
      [{ preferredChannel: 'sms', phoneConsent: false }, 'phoneConsent', PHONE_CONSENT_REQUIRED],
      [
        { preferredChannel: 'whatsapp', phoneConsent: true },
        'preferredChannel',
        'La clínica no envía recordatorios por WhatsApp. Elige otra opción.',
      ],
      [
        { preferredChannel: 'sms', phoneConsent: true, phone: '91 123 45 67' },
        'phone',
        'Para recibir el recordatorio por SMS, escribe un número de móvil',
      ],
    ] as const;
    for (const [fields, field, message] of cases) {
      const response = await book(startsAt, { ...fields, email: 'rechazo.canal@prueba.test' });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error).toMatchObject({ message, fields: { [field]: message } });
    }
    // Nothing was written: no record, no appointment.
    expect(await recordOf('rechazo.canal@prueba.test')).toBeUndefined();
  });

  it('leaves an existing record’s channel and consent as they were', async () => {
    clock.startAt(TEST_MONDAY_MORNING);
    const existing = await createPatientRecord(t, {
      firstName: 'Marta',
      lastName: 'Ficha Previa',
      email: 'marta.previa@prueba.test',
      phone: '611 222 333',
      privacyConsentAt: clock.now(),
      privacyConsentChannel: 'presencial',
    });
    const response = await book(await slotOn(nextWeekday(5), 1), {
      firstName: 'Marta',
      lastName: 'Ficha Previa',
      email: 'marta.previa@prueba.test',
      phone: '611 222 333',
      preferredChannel: 'sms',
      phoneConsent: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await recordOf('marta.previa@prueba.test')).toMatchObject({
      id: existing.id,
      preferredChannel: 'email',
      phoneConsent: false,
      phoneConsentAt: null,
    });
  });

  it('keeps the defaults when she chooses nothing (e-mail, no consent)', async () => {
    clock.startAt(TEST_MONDAY_MORNING);
    const response = await book(await slotOn(nextWeekday(5), 4), { email: 'sin.canal@prueba.test' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await recordOf('sin.canal@prueba.test')).toMatchObject({
      preferredChannel: 'email',
      phoneConsent: false,
      phoneConsentAt: null,
    });
  });
});
