import crypto from 'node:crypto';
import type { APIRequestContext, Locator } from '@playwright/test';
import { formatEuros } from '../src/common/money';
import { baseUrl, clinicNow, DEMO, DEMO_PASSWORD, expect, patientPayload } from './fixtures';

/**
 * What the economics walks (e2e/economics.spec.ts) set up through the API, where the walk is not the point: a
 * patient of their own, a visit today, the demo's services and insurers. Every request goes with `request`, the
 * page's (sharing its cookies), signed in as the demo admin by `signInAsDesk`.
 */

/** A phone (390 × 844) and a desk's screen: every walk runs at both widths. */
export const PHONE = { width: 390, height: 844 };
export const WIDE = { width: 1280, height: 900 };
export const VIEWPORTS = [WIDE, PHONE] as const;

/** The suite's clinic day in Madrid (CLOCK_START: Monday 12 January 2026). */
export const TODAY = '2026-01-12';

const headers = () => ({ Origin: baseUrl() });

/** A DNI of our own each run (documents are unique among records), with its control letter. */
export const randomDni = () => {
  const digits = crypto.randomInt(10_000_000, 99_999_999);
  return `${digits}${'TRWAGMYFPDXBNJZSQVHLCKE'[digits % 23]}`;
};

/** A surname nobody else has in this run. */
export const uniqueWord = () =>
  Array.from(crypto.randomBytes(6), (byte) => 'abcdefghijklmnopqrstuvwxyz'[byte % 26])
    .join('')
    .replace(/^./, (first) => first.toUpperCase());

/** «1.234,56 €» (as formatEuros writes it) in cents. */
export const centsOf = (text: string) => {
  const match = /(-?[\d.]+),(\d{2})\s*€/.exec(text.replace(/\u00a0/g, ' ').replace(/−/g, '-'));
  if (!match) throw new Error(`No amount in «${text}»`);
  const cents = Number(match[1]!.replace(/\./g, '')) * 100;
  return match[1]!.startsWith('-') ? cents - Number(match[2]) : cents + Number(match[2]);
};

/** Cents as the screens write them: «1.234,56 €» (their own formatter, spaces and all). */
export const euros = formatEuros;

/** The amounts a locator's elements show, in cents. */
export async function amountsIn(cells: Locator): Promise<number[]> {
  return (await cells.allTextContents()).map(centsOf);
}

export async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

export async function postJson<T>(request: APIRequestContext, url: string, data: unknown, status = 201): Promise<T> {
  const response = await request.post(url, { headers: headers(), data });
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

export async function signInAs(request: APIRequestContext, email: string) {
  const response = await request.post('/api/auth/sign-in', {
    headers: headers(),
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export const signInAsDesk = (request: APIRequestContext) => signInAs(request, DEMO.admin.email);

export interface Service {
  id: string;
  name: string;
  priceCents: number;
  doctors: { name: string }[];
}

/** The demo doctor (Medicina familiar) and one of her services by name («Revisión», 35 € exempt). */
export async function demoDoctorAndService(request: APIRequestContext, serviceName: string) {
  const doctors = await getJson<{ id: string; displayName: string }[]>(request, '/api/doctors');
  const doctor = doctors.find((item) => item.displayName === DEMO.doctor.name)!;
  const services = await getJson<Service[]>(request, '/api/services');
  const service = services.find(
    (item) => item.name === serviceName && item.doctors.some((someone) => someone.name === DEMO.doctor.name),
  );
  if (!service) throw new Error(`The demo doctor has no «${serviceName}»`);
  return { doctor, service, services };
}

/** A patient of our own, complete enough for a complete invoice (DNI and address), with `fields` on top. */
export async function newPatient(request: APIRequestContext, lastName: string, fields: Record<string, unknown> = {}) {
  const created = await postJson<{ id: string }>(
    request,
    '/api/patients',
    patientPayload({
      firstName: 'Inés',
      lastName,
      documentType: 'dni',
      documentNumber: randomDni(),
      address: 'Calle de Toledo 10, 28005 Madrid',
      ...fields,
    }),
  );
  return { id: created.id, name: `Inés ${lastName}` };
}

/**
 * Books a visit of `serviceId` with the doctor today at the first time from 13:00 her diary leaves free (outside her
 * hours allowed: the afternoon is where the suite's set-ups book), `minutes` long; answers its id and time.
 */
export async function bookToday(
  request: APIRequestContext,
  visit: { patientId: string; doctorId: string; serviceId: string; minutes?: number },
) {
  const minutes = visit.minutes ?? 20;
  const range = new URLSearchParams({
    from: new Date(`${TODAY}T13:00:00+01:00`).toISOString(),
    to: new Date(`${TODAY}T23:00:00+01:00`).toISOString(),
    doctorId: visit.doctorId,
  });
  const busy = await getJson<{ startsAt: string; endsAt: string }[]>(request, `/api/appointments/range?${range}`);
  for (let minute = 13 * 60; minute + minutes <= 23 * 60; minute += 10) {
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    const startsAt = new Date(`${TODAY}T${time}:00+01:00`).getTime();
    const endsAt = startsAt + minutes * 60_000;
    if (busy.some((item) => Date.parse(item.startsAt) < endsAt && Date.parse(item.endsAt) > startsAt)) continue;
    const booked = await request.post('/api/appointments', {
      headers: headers(),
      data: {
        patientId: visit.patientId,
        doctorId: visit.doctorId,
        serviceId: visit.serviceId,
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(endsAt).toISOString(),
        reason: 'Revisión de la espalda',
        channel: 'telefono',
        allowOutsideHours: true,
      },
    });
    if (booked.status() === 201) return { id: ((await booked.json()) as { id: string }).id, time };
    expect(booked.status(), await booked.text()).toBe(409);
  }
  throw new Error('No free time today for the demo doctor');
}

/** Marks a visit attended (as the doctor or the desk does on her screen). */
export async function attend(request: APIRequestContext, appointmentId: string) {
  await postJson(
    request,
    `/api/appointments/${appointmentId}/status`,
    { status: 'atendida', arrivedAt: clinicNow().toISOString() },
    200,
  );
}

/** The demo insurer by name (Sanitas: 3 € copay, asks for authorisation; Adeslas: no copay). */
export async function insurerNamed(request: APIRequestContext, name: 'Sanitas' | 'Adeslas') {
  const insurers = await getJson<
    {
      id: string;
      name: string;
      copayCents: number | null;
      tariffs: { serviceId: string; priceCents: number | null }[];
    }[]
  >(request, '/api/insurers');
  return insurers.find((insurer) => insurer.name === name)!;
}

/** An invoice of the visit's service, issued as the desk's dialog does; `paidCents` taken in cash. */
export async function invoiceVisit(
  request: APIRequestContext,
  visit: { patientId: string; appointmentId: string },
  paidCents: number,
) {
  const invoice = await postJson<{ id: string; number: string }>(request, '/api/invoices', {
    patientId: visit.patientId,
    appointmentIds: [visit.appointmentId],
    kind: 'completa',
  });
  if (paidCents > 0) {
    await postJson(request, `/api/invoices/${invoice.id}/payments`, { method: 'efectivo', amountCents: paidCents });
  }
  return invoice;
}
