import { plus, type ClinicSettingsRow, type Config, type MailMessage, type Tx } from '../../platform';
import type { Repositories } from '../deps';
import type { ChannelMessaging } from '../../communications';
import { chooseChannel, shortLinkFor } from '../../communications';
import { reminderSms, reminderTemplateParams, reminderWhatsAppBody, type ReminderText } from '../../communications';

/** How long after the visit its reminder's short link still opens the booking's page (which then says it is past). */
export const REMINDER_LINK_DAYS_AFTER = 7;

export interface ReminderSubject {
  appointmentId: string;
  patientId: string;
  patientFirstName: string;
  patientEmail: string;
  patientPhone: string;
  startsAt: Date;
  doctorName: string;
}

/**
 * Writes an appointment's reminder to the SMS/WhatsApp outbox when the patient's channel is one of those
 * (`chooseChannel`), with the reminder e-mail kept as its fallback; answers false when the e-mail is the
 * channel (the caller writes it as before). The message carries a short link (`/r/…`, decision 0127) to the
 * booking's page, made in the same transaction and good until a week after the visit.
 */
export async function enqueuePhoneReminder(
  deps: {
    config: Pick<Config, 'publicUrl'>;
    repos: Pick<Repositories, 'channelPreferences' | 'shortLinks'>;
    channels: ChannelMessaging;
  },
  input: {
    subject: ReminderSubject;
    settings: ClinicSettingsRow;
    /** The path of the booking's page (`/cita/<token>?acceso=<proof>`: with its form links). */
    managePath: string;
    email: MailMessage | null;
  },
  tx: Tx,
): Promise<boolean> {
  const { subject, settings } = input;
  const preference = await deps.repos.channelPreferences.get(subject.patientId, tx);
  if (!preference) return false;
  const choice = chooseChannel(settings.messageChannels, deps.channels.providersOn(), {
    email: subject.patientEmail,
    phone: subject.patientPhone,
    ...preference,
  });
  if (!choice || choice.channel === 'email') return false;
  const shortUrl = await shortLinkFor(
    deps,
    {
      kind: 'recordatorio',
      target: input.managePath,
      expiresAt: plus(subject.startsAt, { days: REMINDER_LINK_DAYS_AFTER }),
    },
    tx,
  );
  const text: ReminderText = {
    clinicName: settings.name,
    patientName: subject.patientFirstName,
    startsAt: subject.startsAt,
    timeZone: settings.timeZone,
    doctorName: subject.doctorName,
    manageUrl: shortUrl,
    clinicPhone: settings.phone,
  };
  const templateParams = choice.channel === 'whatsapp' ? reminderTemplateParams(text) : [];
  await deps.channels.enqueue(
    {
      kind: 'appointment-reminder',
      channel: choice.channel,
      appointmentId: subject.appointmentId,
      toNumber: choice.to,
      body: choice.channel === 'sms' ? reminderSms(text) : reminderWhatsAppBody(templateParams),
      templateParams,
      fallbackEmail: input.email
        ? { to: input.email.to, subject: input.email.subject, text: input.email.text, html: input.email.html }
        : null,
    },
    tx,
  );
  return true;
}
