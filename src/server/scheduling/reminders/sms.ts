import type { ClinicSettingsRow } from '../../platform';
import type { MailMessage } from '../../platform';
import { answerUrls } from '../appointments/emails';
import type { Tx } from '../../platform';
import type { Repositories } from '../deps';
import type { ChannelMessaging } from '../../communications';
import { chooseChannel } from '../../communications';
import { reminderSms, reminderTemplateParams, reminderWhatsAppBody, type ReminderText } from '../../communications';

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
 * channel (the caller writes it as before).
 */
export async function enqueuePhoneReminder(
  deps: { repos: Pick<Repositories, 'channelPreferences'>; channels: ChannelMessaging },
  input: {
    subject: ReminderSubject;
    settings: ClinicSettingsRow;
    manageUrl: string | undefined;
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
  const answers = input.manageUrl ? answerUrls(input.manageUrl) : undefined;
  const text: ReminderText = {
    clinicName: settings.name,
    patientName: subject.patientFirstName,
    startsAt: subject.startsAt,
    timeZone: settings.timeZone,
    doctorName: subject.doctorName,
    manageUrl: input.manageUrl,
    confirmUrl: answers?.confirm,
    declineUrl: answers?.decline,
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
