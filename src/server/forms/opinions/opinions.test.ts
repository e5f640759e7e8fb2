import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { appointments, auditLog, mailOutbox, patients } from '../../platform/db/schema';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { hashPassword } from '../../identity/auth/passwords';
import { createDoctor, insertAppointment, validPatient } from '../../test/fixtures';
import { OPINION_ALREADY_REPLIED, OPINION_NO_EMAIL } from '../../../common/schemas/opinions';

/** «Opiniones» (issue 38, item 3): the survey's answers reach the desk and each doctor, who may reply by e-mail. */
const REVIEW = 'https://g.page/r/clinica-demo/review';
let t: TestApp;
let admin: { cookie: string; email: string };
const doctors = {} as Record<'A' | 'B', { id: string; email: string; cookie: string }>;
/** Staff sessions end after 30 idle minutes: each test moves the clock, then signs the staff in again. */
const signInAgain = async () => {
  admin.cookie = await t.signIn(admin.email);
  for (const doctor of Object.values(doctors)) doctor.cookie = await t.signIn(doctor.email);
};
let serviceId: string;
let ana: string;
let pedro: string;
const opinion = {} as Record<'anaA' | 'anaB' | 'pedroA', string>;

const patient = async (firstName: string, email: string) => {
  const payload = validPatient({ firstName, documentType: null, documentNumber: null, email });
  return (await t.request({ method: 'POST', url: '/api/patients', cookie: admin.cookie, payload })).json().id as string;
};
/** An attended visit, its survey sent by the job and answered through the link of its e-mail. */
const answeredVisit = async (
  patientId: string,
  doctor: 'A' | 'B',
  startsAt: string,
  answer: { score: number; comment: string },
  withService = false,
) => {
  clock.freeze(startsAt);
  const visit = await insertAppointment(t, { patientId, doctorId: doctors[doctor].id, startsAt: new Date(startsAt) });
  await t.database.db
    .update(appointments)
    .set({ status: 'atendida', serviceId: withService ? serviceId : null })
    .where(eq(appointments.id, visit.id));
  clock.advance(6 * 3_600_000);
  expect(await t.deps.surveys.enqueueDue()).toBe(1);
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.appointmentId, visit.id));
  const token = /\/encuesta\/([\w-]+)/.exec(mail!.textBody)![1]!;
  const answered = await t.request({ method: 'POST', url: `/api/public/surveys/${token}`, payload: answer });
  expect(answered.statusCode).toBe(200);
  return { visitId: visit.id, token, answered: answered.json() };
};

beforeAll(async () => {
  clock.freeze('2026-02-02T08:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  for (const side of ['A', 'B'] as const) {
    const doctor = await createDoctor(t, admin.cookie, { displayName: `Dra. Opiniones ${side}` });
    const passwordHash = await hashPassword(TEST_PASSWORD);
    await t.write((tx) => t.deps.repos.auth.updateAccount(doctor.id, { passwordHash }, tx));
    doctors[side] = { id: doctor.id, email: doctor.email, cookie: await t.signIn(doctor.email) };
    if (side === 'A') {
      const service = await t.request({
        method: 'POST',
        url: '/api/services',
        cookie: admin.cookie,
        payload: {
          name: 'Primera visita',
          specialtyId: doctor.specialtyId,
          doctorIds: [],
          durationMinutes: 30,
          priceCents: 6000,
          vat: 'exenta',
          bookableOnline: true,
          active: true,
        },
      });
      serviceId = service.json().id;
    }
  }
  ana = await patient('Ana', 'ana@prueba.test');
  pedro = await patient('Pedro', 'pedro@prueba.test');
  const settings = await t.request({
    method: 'PUT',
    url: '/api/settings/channels',
    cookie: admin.cookie,
    payload: { channels: ['email'], surveyEnabled: true, surveyDelayHours: 3, surveyReviewUrl: REVIEW },
  });
  expect(settings.statusCode).toBe(200);
});
afterAll(async () => {
  clock.freeze(null);
  await t.close();
});

describe('the thank-you page’s invitation to a public review', () => {
  it('is offered to everyone who answers, whatever the score or comment: never only to the satisfied ones', async () => {
    const five = await answeredVisit(ana, 'A', '2026-02-10T10:00:00+01:00', { score: 5, comment: 'Muy bien' }, true);
    const two = await answeredVisit(ana, 'B', '2026-03-03T10:00:00+01:00', { score: 2, comment: 'Esperé mucho' });
    const four = await answeredVisit(pedro, 'A', '2026-03-04T10:00:00+01:00', { score: 4, comment: '' });
    expect(five.answered).toMatchObject({ answered: true, reviewUrl: REVIEW });
    expect(two.answered).toMatchObject({ answered: true, reviewUrl: REVIEW });
    expect(four.answered).toMatchObject({ answered: true, reviewUrl: REVIEW });
    // Opened again, the thank-you page keeps the same invitation.
    const again = await t.request({ method: 'GET', url: `/api/public/surveys/${four.token}` });
    expect(again.json()).toMatchObject({ answered: true, reviewUrl: REVIEW });
    await signInAgain();
    const rows = await t.request({ method: 'GET', url: '/api/opinions', cookie: admin.cookie });
    const byComment = (comment: string) =>
      rows.json().items.find((item: { comment: string }) => item.comment === comment).id;
    opinion.anaA = byComment('Muy bien');
    opinion.anaB = byComment('Esperé mucho');
    opinion.pedroA = byComment('');
  });
});

describe('Opiniones', () => {
  it('lists the ratings by month, doctor and service: the desk all, a doctor her own', async () => {
    clock.freeze('2026-03-10T12:00:00+01:00');
    await signInAgain();
    const all = await t.request({ method: 'GET', url: '/api/opinions/ratings?months=2', cookie: admin.cookie });
    expect(all.statusCode).toBe(200);
    const row = (month: string, doctorId: string, service: string | null, answers: number, scoreSum: number) => ({
      month,
      doctorId,
      serviceName: service,
      answers,
      scoreSum,
    });
    expect(all.json().fromMonth).toBe('2026-02');
    expect(all.json().ratings).toHaveLength(3);
    expect(all.json().ratings).toEqual(
      expect.arrayContaining([
        expect.objectContaining(row('2026-02', doctors.A.id, 'Primera visita', 1, 5)),
        expect.objectContaining(row('2026-03', doctors.A.id, null, 1, 4)),
        expect.objectContaining(row('2026-03', doctors.B.id, null, 1, 2)),
      ]),
    );
    expect(all.json().ratings[0]).toMatchObject({ month: '2026-02' }); // the oldest month first
    const own = await t.request({ method: 'GET', url: '/api/opinions/ratings?months=2', cookie: doctors.A.cookie });
    expect(own.json().ratings).toMatchObject([
      row('2026-02', doctors.A.id, 'Primera visita', 1, 5),
      row('2026-03', doctors.A.id, null, 1, 4),
    ]);
    const onlyThisMonth = await t.request({
      method: 'GET',
      url: '/api/opinions/ratings?months=1',
      cookie: admin.cookie,
    });
    expect(onlyThisMonth.json().ratings).toHaveLength(2);
    const bad = await t.request({ method: 'GET', url: '/api/opinions/ratings?months=30', cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Entre 1 y 24 meses');
  });

  it('lists the answers newest first with the visit’s date, doctor and service; a doctor only hers', async () => {
    const all = (await t.request({ method: 'GET', url: '/api/opinions', cookie: admin.cookie })).json();
    expect(all.total).toBe(3);
    expect(all.items.map((item: { comment: string }) => item.comment)).toEqual(['', 'Esperé mucho', 'Muy bien']);
    expect(all.items[2]).toMatchObject({
      score: 5,
      visitStartsAt: '2026-02-10T09:00:00.000Z',
      serviceName: 'Primera visita',
      patientId: ana,
      patientName: 'Ana Pérez García',
      canReply: true,
      replyText: null,
    });
    const own = (await t.request({ method: 'GET', url: '/api/opinions', cookie: doctors.A.cookie })).json();
    expect(own.items.map((item: { id: string }) => item.id)).toEqual([opinion.pedroA, opinion.anaA]);
    expect(own.total).toBe(2);
  });

  it('replies once by e-mail through the outbox, audited; never about another doctor’s visit', async () => {
    const reply = (cookie: string, id: string, message: string) =>
      t.request({ method: 'POST', url: `/api/opinions/${id}/reply`, cookie, payload: { message } });
    expect((await reply(doctors.A.cookie, opinion.anaB, 'Lo sentimos')).statusCode).toBe(404);
    const empty = await reply(doctors.A.cookie, opinion.anaA, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('Escribe la respuesta');

    const sent = await reply(doctors.A.cookie, opinion.anaA, 'Gracias, Ana. Nos alegra mucho.');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      replyText: 'Gracias, Ana. Nos alegra mucho.',
      repliedAt: '2026-03-10T11:00:00.000Z',
    });
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'survey-reply'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: 'ana@prueba.test' });
    expect(mails[0]!.textBody).toContain('Gracias, Ana. Nos alegra mucho.');
    expect(mails[0]!.textBody).toContain('10 de febrero de 2026');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'visit_survey'), eq(auditLog.entityId, opinion.anaA)));
    expect(audit).toHaveLength(1);

    const twice = await reply(admin.cookie, opinion.anaA, 'Otra vez');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(OPINION_ALREADY_REPLIED);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'survey-reply'))).toHaveLength(1);

    await t.database.db.update(patients).set({ email: '' }).where(eq(patients.id, pedro));
    const noEmail = await reply(admin.cookie, opinion.pedroA, 'Gracias, Pedro');
    expect(noEmail.statusCode).toBe(409);
    expect(noEmail.json().error.message).toBe(OPINION_NO_EMAIL);
  });
});
