import { smsShape, toGsm7 } from '../providers/gsm7';
import { formatShortWeekdayAndDay, formatTime } from '../../platform';

export interface ReminderText {
  clinicName: string;
  patientName: string;
  startsAt: Date;
  timeZone: string;
  doctorName: string;
  /** The booking's manage link (the e-mail's), if the patient can use it. */
  manageUrl?: string;
  confirmUrl?: string;
  declineUrl?: string;
  clinicPhone: string;
}

export function visitDate(startsAt: Date, timeZone: string) {
  return { day: formatShortWeekdayAndDay(startsAt, timeZone), time: formatTime(startsAt, timeZone) };
}

/** At most two segments: longer texts lose first the doctor, then the two answers for the one manage link. */
const MAX_SEGMENTS = 2;

/**
 * The SMS reminder, in GSM-7 (`toGsm7`: á í ó ú lose their accent, é ñ ü ¿ ¡ stay). It carries the e-mail's
 * one-click answers when they fit in two segments, else the booking's link, whose page offers both answers.
 */
export function reminderSms(input: ReminderText): string {
  const { day, time } = visitDate(input.startsAt, input.timeZone);
  const call = input.clinicPhone ? ` o llama al ${input.clinicPhone}` : '';
  const withDoctor = ` con ${input.doctorName}`;
  const variants = [
    input.confirmUrl && input.declineUrl
      ? `${input.clinicName}: tu cita es el ${day} a las ${time}${withDoctor}. ¿Vendrás? Sí: ${input.confirmUrl} No: ${input.declineUrl}`
      : null,
    input.confirmUrl && input.declineUrl
      ? `${input.clinicName}: cita el ${day} a las ${time}. ¿Vendrás? Sí: ${input.confirmUrl} No: ${input.declineUrl}`
      : null,
    input.manageUrl
      ? `${input.clinicName}: tu cita es el ${day} a las ${time}${withDoctor}. Confirma o avisa si no vienes: ${input.manageUrl}`
      : null,
    input.manageUrl ? `${input.clinicName}: cita el ${day} a las ${time}. Confirma o avisa: ${input.manageUrl}` : null,
    `${input.clinicName}: tu cita es el ${day} a las ${time}${withDoctor}. Si no puedes venir, avísanos${call}.`,
    `${input.clinicName}: cita el ${day} a las ${time}.`,
  ].filter((text): text is string => text !== null);
  const texts = variants.map(toGsm7);
  return texts.find((text) => smsShape(text).segments <= MAX_SEGMENTS) ?? texts.at(-1)!;
}

/** The WhatsApp template's parameters: {{1}} name, {{2}} clinic, {{3}} day, {{4}} time, {{5}} link. */
export function reminderTemplateParams(input: ReminderText): string[] {
  const { day, time } = visitDate(input.startsAt, input.timeZone);
  return [input.patientName, input.clinicName, day, time, input.manageUrl ?? input.clinicPhone];
}

/** What the WhatsApp template says with those parameters (kept as the message's record). */
export function reminderWhatsAppBody(params: string[]): string {
  const [name, clinic, day, time, link] = params;
  return `Hola, ${name}. Te recordamos tu cita en ${clinic} el ${day} a las ${time}. Confirma o avisa si no puedes venir: ${link}`;
}

/** The after-visit message: the survey's link (its thank-you page may invite to the clinic's review page). */
export function surveySms(clinicName: string, url: string): string {
  return toGsm7(`${clinicName}: gracias por tu visita. ¿Qué tal fue? Puntúanos en 1 minuto: ${url}`);
}
