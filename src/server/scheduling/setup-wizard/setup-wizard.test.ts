import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_CATALOGUE } from '../../../common/starter-catalogue';
import { spanishNationalHolidays } from '../../../common/schemas/holidays';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { regionHolidays } from '../holidays/regions';

let t: TestApp;
let admin: { cookie: string };

beforeAll(async () => {
  clock.freeze('2026-12-01T09:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

const wizard = () => t.request({ method: 'GET', url: '/api/setup-wizard', cookie: admin.cookie });

/** The days a community adds to the national ones, as the package and `spanishNationalHolidays` give them. */
const ownDays = (region: 'MD' | 'CT' | 'AN', year: number) =>
  regionHolidays(region, year)
    .filter((day) => day.kind === 'autonomico')
    .map((day) => day.date);

describe('the holidays of an autonomous community', () => {
  it('agree with the national days of the code base, each day once', () => {
    for (const region of ['MD', 'CT', 'AN'] as const) {
      for (const year of [2026, 2027]) {
        const days = regionHolidays(region, year);
        expect(new Set(days.map((day) => day.date)).size).toBe(days.length);
        expect(days.filter((day) => day.kind === 'nacional').map((day) => day.date)).toEqual(
          spanishNationalHolidays(year).map((day) => day.date),
        );
      }
    }
  });

  it('are those of the official calendars of 2026 (BOE and the communities’ decrees)', () => {
    // Madrid: Jueves Santo, 2 May, and the Mondays after Todos los Santos and the Constitución (both on a Sunday).
    expect(ownDays('MD', 2026)).toEqual(['2026-04-02', '2026-05-02', '2026-11-02', '2026-12-07']);
    // Cataluña: Lunes de Pascua, Sant Joan, the Diada and Sant Esteve; it moves no Sunday.
    expect(ownDays('CT', 2026)).toEqual(['2026-04-06', '2026-06-24', '2026-09-11', '2026-12-26']);
    // Andalucía: 28 February, Jueves Santo, and the two Mondays.
    expect(ownDays('AN', 2026)).toEqual(['2026-02-28', '2026-04-02', '2026-11-02', '2026-12-07']);
    expect(regionHolidays('MD', 2026).find((day) => day.date === '2026-05-02')?.name).toBe(
      'Día de la Comunidad de Madrid',
    );
    expect(regionHolidays('CT', 2026).find((day) => day.date === '2026-09-11')?.name).toBe('Día de Cataluña');
  });

  it('are those of 2027 by the statutes’ dates and Easter (28 March 2027)', () => {
    // Madrid: Jueves Santo and its Día on Monday 3 May (2 May is a Sunday). The 2027 calendars are the package's
    // reading of the rules; decision 0125 says what to check against the BOE.
    expect(ownDays('MD', 2027)).toEqual(['2027-03-25', '2027-05-03']);
    expect(ownDays('CT', 2027)).toEqual(['2027-03-29', '2027-05-03', '2027-06-24', '2027-09-11', '2027-12-26']);
    // Andalucía: its day on a Sunday and the Monday after it, and the Monday after the Asunción (a Sunday).
    expect(ownDays('AN', 2027)).toEqual(['2027-02-28', '2027-03-01', '2027-03-25', '2027-08-16']);
  });

  it('load into the clinic’s holidays for two years, once, and the community is kept', async () => {
    const load = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/holidays/region', cookie: admin.cookie, payload });
    const loaded = await load({ region: 'MD', years: [2026, 2027] });
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().added).toBe(regionHolidays('MD', 2026).length + regionHolidays('MD', 2027).length);
    const may = loaded.json().items.find((day: { startDate: string }) => day.startDate === '2026-05-02');
    expect(may).toMatchObject({ name: 'Día de la Comunidad de Madrid', kind: 'autonomico' });
    expect(loaded.json().items.find((day: { startDate: string }) => day.startDate === '2027-12-25')).toMatchObject({
      kind: 'nacional',
    });
    expect((await load({ region: 'MD', years: [2027] })).json().added).toBe(0);
    expect((await wizard()).json().holidayRegion).toBe('MD');

    const refused = await load({ region: 'XX', years: [2026] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.region).toBe('Elige la comunidad autónoma');
    expect((await load({ region: 'CT', years: [2026, 2026] })).statusCode).toBe(400);
  });
});

describe('the wizard’s progress', () => {
  it('starts empty, keeps each step done or skipped, and its end and dismissal', async () => {
    const first = (await wizard()).json();
    expect(first).toMatchObject({ steps: {}, finished: false, dismissed: false, emptyClinic: true });
    expect(first.counts.holidays).toBeGreaterThan(0);

    const step = (name: string, state: string) =>
      t.request({ method: 'PUT', url: `/api/setup-wizard/steps/${name}`, cookie: admin.cookie, payload: { state } });
    expect((await step('clinica', 'hecho')).json().steps).toEqual({ clinica: 'hecho' });
    expect((await step('canales', 'saltado')).json().steps).toEqual({ clinica: 'hecho', canales: 'saltado' });
    expect((await step('canales', 'hecho')).json().steps.canales).toBe('hecho');
    const unknown = await step('fin', 'hecho');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.step).toBe('Ese paso no existe');
    expect((await step('horario', 'quizá')).statusCode).toBe(400);

    const finished = await t.request({ method: 'POST', url: '/api/setup-wizard/finish', cookie: admin.cookie });
    expect(finished.json()).toMatchObject({ finished: true, dismissed: false });
    const dismissed = await t.request({ method: 'POST', url: '/api/setup-wizard/dismiss', cookie: admin.cookie });
    expect(dismissed.json()).toMatchObject({ finished: true, dismissed: true, steps: { clinica: 'hecho' } });
  });
});

describe('the starter catalogue', () => {
  const physio = STARTER_CATALOGUE.find((specialty) => specialty.name === 'Fisioterapia')!;
  const aesthetic = STARTER_CATALOGUE.find((specialty) => specialty.name === 'Medicina estética')!;
  const create = (specialties: unknown[]) =>
    t.request({
      method: 'POST',
      url: '/api/setup-wizard/catalogue',
      cookie: admin.cookie,
      payload: { specialties },
    });

  it('lists ten specialties of three to five services, health care exempt and aesthetics at 21 %', () => {
    expect(STARTER_CATALOGUE).toHaveLength(10);
    for (const specialty of STARTER_CATALOGUE) {
      expect(specialty.services.length).toBeGreaterThanOrEqual(3);
      expect(specialty.services.length).toBeLessThanOrEqual(5);
      for (const service of specialty.services) expect(Number.isInteger(service.priceCents)).toBe(true);
    }
    expect(aesthetic.services.every((service) => service.vat === '21')).toBe(true);
    expect(physio.services.every((service) => service.vat === 'exenta')).toBe(true);
  });

  it('creates the specialties and services ticked, with the prices edited, then skips them by name', async () => {
    const services = physio.services
      .slice(0, 2)
      .map((service, index) => (index === 0 ? { ...service, priceCents: 4950 } : service));
    const created = await create([
      { name: physio.name, forMinors: false, services },
      { name: aesthetic.name, forMinors: false, services: aesthetic.services.slice(1, 2) },
    ]);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({
      specialtiesCreated: ['Fisioterapia', 'Medicina estética'],
      servicesCreated: [
        'Fisioterapia › Valoración de fisioterapia',
        'Fisioterapia › Sesión de fisioterapia',
        'Medicina estética › Tratamiento con toxina botulínica',
      ],
      skipped: [],
    });
    const list = (await t.request({ method: 'GET', url: '/api/services', cookie: admin.cookie })).json();
    expect(list.find((service: { name: string }) => service.name === 'Valoración de fisioterapia')).toMatchObject({
      priceCents: 4950,
      vat: 'exenta',
      durationMinutes: 60,
      bookableOnline: true,
      active: true,
    });
    expect(list.find((service: { name: string }) => service.name === 'Tratamiento con toxina botulínica').vat).toBe(
      '21',
    );

    // Again, with one more service and another case: what exists is left alone, the new one is added.
    const again = await create([
      { name: 'fisioterapia', forMinors: false, services: [...services, physio.services[2]!] },
    ]);
    expect(again.json()).toEqual({
      specialtiesCreated: [],
      servicesCreated: ['Fisioterapia › Punción seca'],
      skipped: ['Fisioterapia', 'Fisioterapia › Valoración de fisioterapia', 'Fisioterapia › Sesión de fisioterapia'],
    });
    expect((await wizard()).json()).toMatchObject({ emptyClinic: false, counts: { services: 4 } });
  });

  it('refuses a bad catalogue in Spanish and creates nothing', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/specialties', cookie: admin.cookie })).json().length;
    const empty = await create([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Elige al menos una especialidad');
    const negative = await create([
      { name: 'Podología', forMinors: false, services: [{ ...physio.services[0]!, priceCents: -1 }] },
    ]);
    expect(negative.statusCode).toBe(400);
    expect(JSON.stringify(negative.json().error.fields)).toContain('El precio no puede ser negativo');
    const after = (await t.request({ method: 'GET', url: '/api/specialties', cookie: admin.cookie })).json().length;
    expect(after).toBe(before);
  });
});
