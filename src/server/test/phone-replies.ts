import { api } from '../../common/api-paths';
import type { PhoneChannel } from '../../common/schemas/channels';
import type { Conversation } from '../../common/schemas/messages';
import { clock } from '../platform/clock';
import { buildTestApp, TEST_ORIGIN, type TestApp } from './app';
import {
  fakeMessagingConfig,
  startFakeProvider,
  type FakeProvider,
  type PhoneMessage,
  type Signing,
} from './fake-providers';
import { createDoctor, createPatientRecord, insertAppointment } from './fixtures';

/**
 * A clinic with both phone providers (the local Twilio and WhatsApp doubles) that patients answer by SMS and
 * WhatsApp (issue 38, item 2): the app listens on a real port, since the doubles post to it as the providers do.
 */
export async function startRepliesWorld() {
  const twilio = await startFakeProvider('twilio');
  const whatsapp = await startFakeProvider('whatsapp', { now: () => clock.nowMs() });
  const messaging = fakeMessagingConfig(twilio, whatsapp, TEST_ORIGIN);
  const t = await buildTestApp({ config: { messaging } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const admin = await t.createUser({ role: 'admin' });
  const doctor = await createDoctor(t, admin.cookie);
  const channels = await t.request({
    method: 'PUT',
    url: api.channelSettings,
    cookie: admin.cookie,
    payload: { channels: ['sms', 'whatsapp', 'email'], surveyEnabled: false, surveyDelayHours: 3, surveyReviewUrl: '' },
  });
  if (channels.statusCode !== 200) throw new Error(`channels not set: ${channels.body}`);
  let counter = 0;

  /** Her SMS to the clinic's number, posted by the local Twilio (signed over the public URL, as Twilio does). */
  const sms = (message: PhoneMessage, signing?: Signing) =>
    twilio.sendInbound(
      {
        url: `${base}${api.twilioIncoming}`,
        publicUrl: `${TEST_ORIGIN}${api.twilioIncoming}`,
        secret: messaging.sms.authToken,
      },
      message,
      signing,
    );
  /** Her WhatsApp message, posted by the local Cloud API as Meta's notification. */
  const wa = (message: PhoneMessage, signing?: Signing) =>
    whatsapp.sendInbound(
      { url: `${base}${api.whatsappWebhook}`, secret: messaging.whatsapp.appSecret },
      message,
      signing,
    );

  /** A status of one of our WhatsApp messages (delivered, read), notified by the local Cloud API. */
  const waStatus = (id: string, status: string, to: string) =>
    whatsapp.sendStatus(
      { url: `${base}${api.whatsappWebhook}`, secret: messaging.whatsapp.appSecret },
      { id, status, to },
    );

  /** A patient whose reminders go by `channel` to `phone` (with her consent), without e-mail. */
  const patient = async (phone: string, channel: PhoneChannel = 'sms', firstName = 'Lucía') => {
    counter++;
    return createPatientRecord(t, {
      firstName,
      lastName: `Respuestas ${counter}`,
      email: '',
      phone,
      preferredChannel: channel,
      phoneConsent: true,
      phoneConsentAt: clock.now(),
      privacyConsentAt: clock.now(),
      privacyConsentChannel: 'presencial',
    });
  };

  /** An appointment with a doctor of its own (each test's times are then free whatever the others booked). */
  const appointment = async (patientId: string, startsAt: string, status?: 'confirmada' | 'cancelada') => {
    const { id: doctorId } = await createDoctor(t, admin.cookie, { specialtyId: doctor.specialtyId });
    return insertAppointment(t, { patientId, doctorId, startsAt: new Date(startsAt), status });
  };

  /** Her reminder by `channel` to `to`, written as the reminder job writes it and delivered: its provider id. */
  const remind = async (appointmentId: string, to: string, channel: PhoneChannel = 'sms') => {
    const id = await t.write((tx) =>
      t.deps.channels.enqueue(
        {
          kind: 'appointment-reminder',
          channel,
          appointmentId,
          toNumber: to,
          body: 'Clinica: tu cita es el mie 4/3 a las 10:00.',
          templateParams: channel === 'whatsapp' ? ['Lucía', 'Clínica', 'mié 4/3', '10:00', 'https://x/cita/y'] : [],
          fallbackEmail: null,
        },
        tx,
      ),
    );
    await t.deps.channels.deliverDue();
    return (await t.deps.repos.channelOutbox.findById(id))!.providerMessageId!;
  };

  const conversationOf = async (patientId: string): Promise<Conversation> => {
    const id = await t.deps.repos.messages.conversationIdOf(patientId);
    if (!id) throw new Error('no conversation');
    const response = await t.request({ method: 'GET', url: api.conversation(id), cookie: admin.cookie });
    return response.json();
  };

  /** The SMS the local Twilio was asked to send to `number` (their bodies), oldest first. */
  const smsTo = (number: string) =>
    twilio.received
      .map((request) => new URLSearchParams(request.body))
      .filter((form) => form.get('To') === number)
      .map((form) => form.get('Body')!);
  /** The WhatsApp messages the local Cloud API was asked to send to `number`, oldest first. */
  const whatsAppTo = (number: string) =>
    whatsapp.received
      .filter((request) => request.path.endsWith('/messages'))
      .map((request) => JSON.parse(request.body) as { to: string; type: string; text?: { body: string } })
      .filter((payload) => payload.to === number.replace(/^\+/, ''));

  return {
    t: t as TestApp,
    twilio: twilio as FakeProvider,
    whatsapp: whatsapp as FakeProvider,
    messaging,
    admin,
    doctor,
    sms,
    wa,
    waStatus,
    patient,
    appointment,
    remind,
    conversationOf,
    smsTo,
    whatsAppTo,
    async close() {
      await t.close();
      await twilio.close();
      await whatsapp.close();
    },
  };
}

export type RepliesWorld = Awaited<ReturnType<typeof startRepliesWorld>>;
