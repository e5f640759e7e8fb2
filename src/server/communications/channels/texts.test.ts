import { describe, expect, it } from 'vitest';
import { plus } from '../../platform/dates';
import { isGsm7, smsShape, toGsm7 } from '../providers/gsm7';
import { paymentLinkSms, reminderSms, reminderTemplateParams, surveySms, visitDate } from './texts';

/**
 * The SMS texts that carry a link, as composed (issue 38): each in ONE part — at most 160 GSM-7 septets (UCS-2
 * would leave 70) — whatever the clinic's name (up to the 120 characters its setting allows), the doctor's, the
 * day and the month, and the clinic's address.
 */
const ONE_PART = { encoding: 'GSM-7', segments: 1 };
const CODE = 'AbCdEf1234';
const ADDRESSES = ['https://c.es', 'https://clinica.example.com', 'https://reservas.policlinicasanfranciscodeborja.es'];
const shortLink = (address: string) => `${address}/r/${CODE}`;
const CLINICS = [
  'Clínica Sol',
  'Clínica Salud Arganzuela',
  'Policlínica Médico-Quirúrgica Nuestra Señora de la Asunción — Unidad de Traumatología',
  `Clínica ${'Ñáéíóú '.repeat(16)}`.slice(0, 120),
  '🦷 Clínica Dental «Sonrisas» ✨',
];
const DOCTORS = [
  'Dr. Luis Gil',
  'Dra. María Jesús Álvarez Ibáñez de la Fuente y Sánchez-Mejías',
  'Dr. Jürgen Müller-Łukasiewicz',
  'Dra. 王芳',
];
const base = {
  patientName: 'Ana',
  timeZone: 'Europe/Madrid',
  clinicPhone: '+34 910 000 000',
};

/** Every day of 2026 (every weekday in every month), in the morning and in the evening. */
const everyDayOf2026 = () =>
  Array.from({ length: 365 }, (_, day) => [
    plus('2026-01-01T08:15:00Z', { days: day }),
    plus('2026-01-01T19:45:00Z', { days: day }),
  ]).flat();

describe('the SMS reminder', () => {
  it('is one GSM-7 part, with the short link, for every day of the year, every name and address', () => {
    const days = everyDayOf2026();
    const seen = new Set<string>();
    for (const address of ADDRESSES) {
      for (const clinicName of CLINICS) {
        for (const doctorName of DOCTORS) {
          // The whole year for the longest address; a month of days for the others.
          for (const startsAt of address === ADDRESSES[2] ? days : days.slice(0, 62)) {
            const text = reminderSms({ ...base, clinicName, doctorName, startsAt, manageUrl: shortLink(address) });
            expect(smsShape(text), text).toMatchObject(ONE_PART);
            expect(text.endsWith(` ${shortLink(address)}`), text).toBe(true);
            const { day, time } = visitDate(startsAt, base.timeZone);
            expect(text, text).toContain(`${toGsm7(day)} `);
            expect(text, text).toContain(time);
            seen.add(toGsm7(day).split(' ')[0]!);
          }
        }
      }
    }
    // Every weekday was written (sáb without its accent, mié keeps its é).
    expect([...seen].sort()).toEqual(['dom', 'jue', 'lun', 'mar', 'mié', 'sab', 'vie']);
  });

  it('keeps the clinic and the doctor while they fit; the doctor is cut, then goes, then the clinic is cut', () => {
    const startsAt = new Date('2026-03-04T08:30:00Z'); // miércoles, 09:30 in Madrid
    const link = shortLink(ADDRESSES[1]!);
    expect(
      reminderSms({
        ...base,
        clinicName: 'Clínica Salud Arganzuela',
        doctorName: 'Dra. Elena Navarro',
        startsAt,
        manageUrl: link,
      }),
    ).toBe(
      `Clinica Salud Arganzuela: tu cita es el mié 4/3 a las 09:30 con Dra. Elena Navarro. Responde SI o NO, o entra en ${link}`,
    );
    // A long doctor's name is cut at a word (never on «y», «de»…), with a dot, before it is left out.
    const doctor = reminderSms({
      ...base,
      clinicName: 'Clínica Sol',
      doctorName: DOCTORS[1]!,
      startsAt,
      manageUrl: link,
    });
    expect(doctor).toBe(
      `Clinica Sol: cita el mié 4/3 a las 09:30 con Dra. Maria Jesus Alvarez Ibañez de la Fuente. Responde SI o NO: ${link}`,
    );
    // A clinic's name too long for any doctor: the doctor goes, the clinic's name is cut at a word.
    const long = reminderSms({ ...base, clinicName: CLINICS[2]!, doctorName: DOCTORS[1]!, startsAt, manageUrl: link });
    expect(long).not.toContain('Alvarez');
    expect(long).toMatch(
      /^Policlinica Médico-Quirurgica Nuestra Señora de la Asuncion[^:]*\.: cita el mié 4\/3 a las 09:30\. /,
    );
    expect(smsShape(long)).toMatchObject(ONE_PART);
  });

  it('writes what has no GSM-7 form out of it (an emoji, another script) rather than sending UCS-2', () => {
    const text = reminderSms({
      ...base,
      clinicName: CLINICS[4]!,
      doctorName: 'Dra. 王芳',
      startsAt: new Date('2026-03-07T10:00:00Z'),
      manageUrl: shortLink(ADDRESSES[1]!),
    });
    // The emoji go; a name in another script goes whole (what is left would not name her).
    expect(isGsm7(text)).toBe(true);
    expect(text).toBe(
      `Clinica Dental "Sonrisas": cita el sab 7/3 a las 11:00. Responde SI o NO: ${shortLink(ADDRESSES[1]!)}`,
    );
    const mixed = reminderSms({
      ...base,
      clinicName: 'Clínica Sol',
      doctorName: DOCTORS[2]!,
      startsAt: new Date('2026-03-07T10:00:00Z'),
      manageUrl: shortLink(ADDRESSES[1]!),
    });
    expect(mixed).toBe(
      `Clinica Sol: tu cita es el sab 7/3 a las 11:00 con Dr. Jürgen Müller-Lukasiewicz. Responde SI o NO, o entra en ${shortLink(ADDRESSES[1]!)}`,
    );
  });

  it('without a link, says to call the clinic, in one part too', () => {
    for (const clinicName of CLINICS) {
      const text = reminderSms({
        ...base,
        clinicName,
        doctorName: DOCTORS[1]!,
        startsAt: new Date('2026-03-04T08:30:00Z'),
      });
      expect(smsShape(text), text).toMatchObject(ONE_PART);
    }
  });

  it('gives WhatsApp’s template the same short link', () => {
    const params = reminderTemplateParams({
      ...base,
      clinicName: 'Clínica Sol',
      doctorName: 'Dr. Luis Gil',
      startsAt: new Date('2026-03-04T08:30:00Z'),
      manageUrl: shortLink(ADDRESSES[1]!),
    });
    expect(params).toEqual(['Ana', 'Clínica Sol', 'mié 4/3', '09:30', shortLink(ADDRESSES[1]!)]);
  });
});

describe('the other SMS with a link', () => {
  it('the after-visit survey is one GSM-7 part for every clinic name and address', () => {
    for (const address of ADDRESSES) {
      for (const clinicName of CLINICS) {
        const text = surveySms(clinicName, shortLink(address));
        expect(smsShape(text), text).toMatchObject(ONE_PART);
        expect(text.endsWith(shortLink(address))).toBe(true);
      }
    }
    expect(surveySms('Clínica Sol', shortLink(ADDRESSES[1]!))).toBe(
      `Clinica Sol: gracias por tu visita. ¿Qué tal fue? Puntuanos en 1 minuto: ${shortLink(ADDRESSES[1]!)}`,
    );
  });

  it('the link to pay an invoice is one GSM-7 part (the € takes two septets)', () => {
    for (const address of ADDRESSES) {
      for (const clinicName of CLINICS) {
        const text = paymentLinkSms({
          clinicName,
          invoiceNumber: 'F2026-000123',
          amount: '1.234,56\u00a0€',
          url: shortLink(address),
        });
        expect(smsShape(text), text).toMatchObject(ONE_PART);
        expect(text).toContain('F2026-000123 (1.234,56 €)');
        expect(text.endsWith(shortLink(address))).toBe(true);
      }
    }
  });
});
