import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { appointments, mailOutbox, visitSurveys } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment, validPatient } from '../../test/fixtures';

/**
 * Issue 38, item 3: turning the after-visit survey on sent 181 e-mails at once for the previous week's visits,
 * up to 5 identical ones to one patient. Only visits that end after it is turned on are asked about, one
 * message per visit and one a day per patient.
 */
let t: TestApp;
let admin: { cookie: string };
let doctorId: string;

beforeAll(async () => {
  clock.freeze('2026-03-09T09:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctorId = (await createDoctor(t, admin.cookie)).id;
});
afterAll(async () => {
  clock.freeze(null);
  await t.close();
});

let patients = 0;
const patient = async () => {
  const email = `paciente${++patients}@prueba.test`;
  const payload = validPatient({ documentType: null, documentNumber: null, email });
  const created = await t.request({ method: 'POST', url: '/api/patients', cookie: admin.cookie, payload });
  return created.json().id as string;
};
const attended = async (patientId: string, startsAt: string) => {
  const row = await insertAppointment(t, { patientId, doctorId, startsAt: new Date(startsAt) });
  await t.database.db.update(appointments).set({ status: 'atendida' }).where(eq(appointments.id, row.id));
  return row.id;
};
const surveyMails = async (appointmentIds: string[]) =>
  t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.appointmentId, appointmentIds));
const setSurvey = (surveyEnabled: boolean) =>
  t.request({
    method: 'PUT',
    url: '/api/settings/channels',
    cookie: admin.cookie,
    payload: { channels: ['email'], surveyEnabled, surveyDelayHours: 3, surveyReviewUrl: '' },
  });

describe('turning the after-visit survey on', () => {
  it('sends nothing for the visits attended before, then one for a visit after', async () => {
    const ana = await patient();
    const past = [
      await attended(ana, '2026-03-03T10:00:00+01:00'),
      await attended(ana, '2026-03-06T10:00:00+01:00'),
      await attended(await patient(), '2026-03-09T05:00:00+01:00'),
    ];
    expect((await setSurvey(true)).statusCode).toBe(200);
    expect(await t.deps.surveys.enqueueDue()).toBe(0);
    expect(await surveyMails(past)).toHaveLength(0);

    const after = await attended(ana, '2026-03-09T09:30:00+01:00'); // ends 10:00, due at 13:00
    clock.freeze('2026-03-09T13:01:00+01:00');
    expect(await t.deps.surveys.enqueueDue()).toBe(1);
    expect((await surveyMails([after])).map((mail) => mail.kind)).toEqual(['visit-survey']);
    expect(await surveyMails(past)).toHaveLength(0);

    // Saving the settings again while on keeps the moment it was turned on; off and on again starts anew.
    clock.freeze('2026-03-09T14:00:00+01:00');
    const before = await attended(ana, '2026-03-09T10:00:00+01:00'); // ends 10:30, before 14:00
    expect((await setSurvey(true)).statusCode).toBe(200);
    const settings = await t.deps.repos.clinic.getSettings();
    expect(settings.surveyEnabledAt?.toISOString()).toBe('2026-03-09T08:00:00.000Z');
    await setSurvey(false);
    expect((await t.deps.repos.clinic.getSettings()).surveyEnabledAt).toBeNull();
    await setSurvey(true);
    clock.freeze('2026-03-10T14:00:00+01:00');
    await t.deps.surveys.enqueueDue();
    expect(await surveyMails([before])).toHaveLength(0);
  });

  it('sends one message to a patient with five visits, and one survey per visit on two runs at once', async () => {
    clock.freeze('2026-03-16T08:00:00+01:00');
    const lucia = await patient();
    const visits = [];
    for (const hour of ['09', '10', '11', '12', '13'])
      visits.push(await attended(lucia, `2026-03-16T${hour}:00:00+01:00`));
    const other = await attended(await patient(), '2026-03-16T14:00:00+01:00');
    clock.freeze('2026-03-16T20:00:00+01:00');
    const runs = await Promise.all([t.deps.surveys.enqueueDue(), t.deps.surveys.enqueueDue()]);
    expect(runs[0]! + runs[1]!).toBe(6); // each visit settled once, by one run or the other
    expect(await t.deps.surveys.enqueueDue()).toBe(0);
    expect(await surveyMails(visits)).toHaveLength(1);
    expect(await surveyMails([other])).toHaveLength(1);
    const rows = await t.database.db.select().from(visitSurveys).where(inArray(visitSurveys.appointmentId, visits));
    expect(rows).toHaveLength(5);
    expect(rows.filter((row) => row.channel === 'email')).toHaveLength(1);

    // The next day, a new visit of hers is asked about again.
    clock.freeze('2026-03-17T09:00:00+01:00');
    const next = await attended(lucia, '2026-03-17T09:00:00+01:00');
    clock.freeze('2026-03-17T21:00:00+01:00');
    expect(await t.deps.surveys.enqueueDue()).toBe(1);
    expect(await surveyMails([next])).toHaveLength(1);
  });
});
