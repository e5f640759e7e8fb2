import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { attendedVisit, book, buildInsurerWorld, type InsurerWorld } from '../../test/insurer-world';

/**
 * A visit «por su aseguradora» (decision 0118): the desk's choice when it books or changes a visit,
 * refused in Spanish when the insurer does not pay for it, and the patient's invoice of it charging the copay only.
 * A Tuesday evening, the visits of that morning and of the week before.
 */
let w: InsurerWorld;
const request = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  w.t.request({ method, url, payload, cookie: w.admin.cookie });
const insurer = { kind: 'aseguradora' } as const;

beforeAll(async () => {
  clock.freeze('2026-11-10T19:30:00+01:00');
  w = await buildInsurerWorld();
});
afterAll(async () => {
  await w.t.close();
  clock.freeze(null);
});

describe('booking a visit «por su aseguradora»', () => {
  it('takes the patient’s insurer, her card, the tariff and the copay, and asks for the authorisation', async () => {
    const missing = await book(w, { patientId: w.ana, startsAt: '2026-11-12T10:00:00+01:00', payer: insurer });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      authorizationNumber: 'Sanitas exige el número de autorización de cada visita',
    });
    const booked = await book(w, {
      patientId: w.ana,
      startsAt: '2026-11-12T10:00:00+01:00',
      payer: { kind: 'aseguradora', authorizationNumber: ' AUT-991 ' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().insurer).toEqual({
      insurerId: w.sanitas,
      insurerName: 'Sanitas',
      cardNumber: 'SAN-0012',
      authorizationNumber: 'AUT-991',
      priceCents: 4000,
      copayCents: 500,
    });
    // Adeslas asks for none.
    const adeslas = await book(w, { patientId: w.bea, startsAt: '2026-11-12T10:30:00+01:00', payer: insurer });
    expect(adeslas.statusCode, adeslas.body).toBe(201);
    expect(adeslas.json().insurer).toMatchObject({ insurerName: 'Adeslas', priceCents: 3500, copayCents: null });
  });

  it('refuses what the insurer does not pay for, saying why, and books «Privado» by default', async () => {
    const noTariff = await book(w, {
      patientId: w.ana,
      startsAt: '2026-11-13T10:00:00+01:00',
      serviceId: w.rx,
      payer: { kind: 'aseguradora', authorizationNumber: 'A-1' },
    });
    expect(noTariff.statusCode).toBe(400);
    expect(noTariff.json().error.fields.payer).toBe('Sanitas no tiene tarifa para «Radiografía»: elige Privado');
    const notCovered = await book(w, {
      patientId: w.bea,
      startsAt: '2026-11-13T10:00:00+01:00',
      serviceId: w.rx,
      payer: insurer,
    });
    expect(notCovered.json().error.fields.payer).toBe('Adeslas no cubre «Radiografía» (no cubierto): elige Privado');
    const none = await book(w, { patientId: w.carla, startsAt: '2026-11-13T10:00:00+01:00', payer: insurer });
    expect(none.json().error.fields.payer).toMatch(/no tiene aseguradora/);
    const privately = await book(w, { patientId: w.ana, startsAt: '2026-11-13T11:00:00+01:00', serviceId: w.rx });
    expect(privately.statusCode, privately.body).toBe(201);
    expect(privately.json().insurer).toBeNull();
  });

  it('changes the payer of a visit booked, until it is invoiced', async () => {
    const visit = await attendedVisit(w, { patientId: w.ana, startsAt: '2026-11-10T09:00:00+01:00' });
    const changed = await request('PUT', `/api/appointments/${visit}/payer`, {
      kind: 'aseguradora',
      authorizationNumber: 'AUT-7',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().insurer).toMatchObject({ insurerName: 'Sanitas', authorizationNumber: 'AUT-7' });
    const invoiced = await request('POST', '/api/invoices', {
      patientId: w.ana,
      appointmentIds: [visit],
      kind: 'simplificada',
    });
    expect(invoiced.statusCode, invoiced.body).toBe(201);
    const late = await request('PUT', `/api/appointments/${visit}/payer`, { kind: 'privado' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('La visita ya está facturada: su pagador no cambia.');
  });
});

describe('the patient’s invoice of an insurer’s visit', () => {
  it('charges her the copay only, named as such', async () => {
    const visit = await attendedVisit(w, {
      patientId: w.ana,
      startsAt: '2026-11-03T09:30:00+01:00',
      payer: { kind: 'aseguradora', authorizationNumber: 'AUT-100' },
    });
    const billable = (await request('GET', `/api/patients/${w.ana}/billable-visits`)).json();
    expect(billable.find((row: { id: string }) => row.id === visit).insurer).toEqual({
      name: 'Sanitas',
      copayCents: 500,
    });
    const invoice = await request('POST', '/api/invoices', {
      patientId: w.ana,
      appointmentIds: [visit],
      kind: 'simplificada',
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json()).toMatchObject({ totalCents: 500, baseCents: 500 });
    expect(invoice.json().lines[0].description).toMatch(/^Copago Sanitas · Consulta — 03\/11\/2026/);
  });

  it('has nothing to invoice when the insurer has no copay: «Cubierto por Adeslas»', async () => {
    const visit = await attendedVisit(w, {
      patientId: w.bea,
      startsAt: '2026-11-03T10:00:00+01:00',
      payer: insurer,
    });
    const refused = await request('POST', '/api/invoices', {
      patientId: w.bea,
      appointmentIds: [visit],
      kind: 'simplificada',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Cubierto por Adeslas: la visita del 3 de noviembre no se factura al paciente.',
    );
    const billable = (await request('GET', `/api/patients/${w.bea}/billable-visits`)).json();
    expect(billable.map((row: { id: string }) => row.id)).not.toContain(visit);
    const lookup = (await request('GET', `/api/invoices/of-appointments?ids=${visit}`)).json();
    expect(lookup).toEqual({
      invoices: [],
      packSessions: [],
      covered: [{ appointmentId: visit, insurerName: 'Adeslas' }],
    });
  });
});
