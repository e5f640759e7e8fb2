import { smsSafe, smsShape } from '../providers/gsm7';
import { formatShortWeekdayAndDay, formatTime } from '../../platform';

export interface ReminderText {
  clinicName: string;
  patientName: string;
  startsAt: Date;
  timeZone: string;
  doctorName: string;
  /** The link of the booking's page (a short link, `/r/…`, in SMS and WhatsApp), if the patient can use it. */
  manageUrl?: string;
  clinicPhone: string;
}

export function visitDate(startsAt: Date, timeZone: string) {
  return { day: formatShortWeekdayAndDay(startsAt, timeZone), time: formatTime(startsAt, timeZone) };
}

/** A name is never cut shorter than this: under it, the text goes without the name. */
const SHORTEST_NAME = 12;

/**
 * The name in at most `length` characters: whole words while they leave SHORTEST_NAME at least, else cut hard;
 * a cut name ends with a dot, so that it reads as shortened.
 */
function cut(name: string, length: number): string {
  if (name.length <= length) return name;
  const words = name.slice(0, length).split(' ');
  const whole = words.length > 1 ? words.slice(0, -1).join(' ') : '';
  const kept = (whole.length >= SHORTEST_NAME ? whole : name.slice(0, length - 1))
    // Never ending on «y», «de», «la»… nor on punctuation.
    .replace(/(\s+(y|e|de|del|la|las|el|los))+$/i, '')
    .replace(/[\s,.;:-]+$/, '');
  return `${kept}.`;
}

/** «.» after a name, unless it already ends with one (a cut name, «Dr.»). */
const stop = (name: string) => (name.endsWith('.') ? '' : '.');

const fits = (text: string) => smsShape(text).segments === 1;

/**
 * The text with the longest form of `name` (cut down to SHORTEST_NAME at least) that keeps it in one SMS part, or
 * null. Shorter names make shorter texts, so the longest that fits is searched by halves.
 */
function withName(template: (name: string) => string, name: string): string | null {
  if (!name) return null;
  if (fits(template(name))) return template(name);
  let [low, high] = [SHORTEST_NAME, name.length - 1];
  let best: string | null = null;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const text = template(cut(name, middle));
    if (fits(text)) [best, low] = [text, middle + 1];
    else high = middle - 1;
  }
  return best;
}

/**
 * A name as an SMS carries it: in GSM-7 (`smsSafe`: á í ó ú lose their accent, é ñ ü stay, what has no GSM-7 form
 * goes), or nothing when that loses more than a fifth of its letters (a name in another script).
 */
function smsName(name: string): string {
  const safe = smsSafe(name);
  const letters = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;
  return letters(safe) * 5 >= letters(name) * 4 ? safe : '';
}

/**
 * The first text that goes in one SMS part (160 GSM-7 septets, where UCS-2 would leave 70), richest first; the
 * candidates are written in GSM-7 from their parts (`smsName`, `smsSafe`), and the last one is the shortest.
 */
function inOnePart(candidates: (() => string | null)[]): string {
  let last = '';
  for (const candidate of candidates) {
    const text = candidate();
    if (text === null) continue;
    last = text;
    if (fits(text)) return text;
  }
  return last;
}

/** The clinic's name as an SMS opens with it (never empty). */
const clinicOf = (name: string) => smsName(name) || 'Tu clinica';

/**
 * The SMS reminder, in one part (issue 38): the clinic, the day and time, the doctor while there is room (her name
 * cut before it is left out, the clinic's likewise), and the booking's short link, whose page always offers
 * «Confirmo» and «No podré ir»; a reply «SI» or «NO» does the same (decision 0128). Without a link, the clinic's
 * phone.
 */
export function reminderSms(input: ReminderText): string {
  const { day: longDay, time } = visitDate(input.startsAt, input.timeZone);
  const day = smsSafe(longDay);
  const clinic = clinicOf(input.clinicName);
  const doctor = smsName(input.doctorName);
  if (input.manageUrl) {
    const link = smsSafe(input.manageUrl);
    return inOnePart([
      () =>
        doctor
          ? `${clinic}: tu cita es el ${day} a las ${time} con ${doctor}${stop(doctor)} Responde SI o NO, o entra en ${link}`
          : null,
      () =>
        withName(
          (name) => `${clinic}: cita el ${day} a las ${time} con ${name}${stop(name)} Responde SI o NO: ${link}`,
          doctor,
        ),
      () => withName((name) => `${name}: cita el ${day} a las ${time}. Responde SI o NO: ${link}`, clinic),
      () => `Cita el ${day} a las ${time}. Responde SI o NO: ${link}`,
      () => `Cita ${day} ${time}: ${link}`,
    ]);
  }
  const call = input.clinicPhone ? ` o llama al ${smsSafe(input.clinicPhone)}` : '';
  return inOnePart([
    () =>
      doctor
        ? `${clinic}: tu cita es el ${day} a las ${time} con ${doctor}${stop(doctor)} Si no puedes venir, avisanos${call}.`
        : null,
    () => withName((name) => `${name}: cita el ${day} a las ${time}. Si no puedes venir, avisanos${call}.`, clinic),
    () => `Cita el ${day} a las ${time}. Si no puedes venir, avisanos${call}.`,
    () => `Cita el ${day} a las ${time}.`,
  ]);
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

/** The after-visit message, in one part: the survey's (short) link (its thank-you page may invite to the clinic's review page). */
export function surveySms(clinicName: string, url: string): string {
  const clinic = clinicOf(clinicName);
  const link = smsSafe(url);
  return inOnePart([
    () => `${clinic}: gracias por tu visita. ¿Qué tal fue? Puntuanos en 1 minuto: ${link}`,
    () => withName((name) => `${name}: ¿qué tal tu visita? Puntuanos en 1 minuto: ${link}`, clinic),
    () => `¿Qué tal tu visita? Puntuanos: ${link}`,
  ]);
}

/** The desk's link to pay an invoice, in one part: the invoice, what is pending and the (short) link. */
export function paymentLinkSms(input: {
  clinicName: string;
  invoiceNumber: string;
  amount: string;
  url: string;
}): string {
  const clinic = clinicOf(input.clinicName);
  const [number, amount, link] = [input.invoiceNumber, input.amount, input.url].map(smsSafe);
  return inOnePart([
    () => withName((name) => `${name}: paga la factura ${number} (${amount}) con tarjeta o Bizum: ${link}`, clinic),
    () => `Paga la factura ${number} (${amount}) con tarjeta o Bizum: ${link}`,
    () => `Factura ${number}, ${amount}: ${link}`,
  ]);
}
