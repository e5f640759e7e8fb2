import type { Tx } from '../platform/db/transaction';
import type { PaymentMethod } from '../../common/schemas/payments';
import type { Repositories } from '../repositories';
import { LEFT_TO_INVOICE } from './demo-plan';
import { billingTimeline, type BillingTimeline, type DemoBilling } from './billing-timeline';
import { ageOn, dayInZone } from './agenda';
import { seedPayments, type DemoInvoice } from './payments';
import { seedRedsys } from './online-payment';
import { planDemoPack } from './packs';

/** The demo clinic's fiscal data (a company's NIF with a valid control character; not a real company's). */
export const DEMO_ISSUER = {
  issuerLegalName: 'Clínica Salud Arganzuela, S.L.',
  issuerNif: 'B86561412',
  issuerAddress: 'Paseo de la Chopera 41, 28045 Madrid',
  issuerRegistry: 'Registro Mercantil de Madrid, tomo 31 207, folio 12, hoja M-561 412',
};

const MINUTE = 60_000;
/** A visit is invoiced at the desk on the way out: its start and the longest service (45 min), and a few minutes. */
const AFTER_VISIT = 50 * MINUTE;
/** About how many other patients' visits the demo invoices, spread over the agenda's past weeks. */
const OTHERS_INVOICED = 24;

type Visit = Awaited<ReturnType<Repositories['invoices']['attendedNotInvoiced']>>[number];

/**
 * The demo's billing over the agenda's past weeks, each step dated when it happened: the demo paciente's visits in
 * complete invoices (his record has DNI and address), other patients' in simplified ones — issued on the visit's day
 * or, now and then, a few days later; one cancelled (issued by mistake); the aesthetic peeling with its 21 % and a
 * rectifying invoice (R5) of a discount agreed after it; a patient's two simplified invoices replaced by a complete
 * one (F3) she asked for later; and their payments (seedPayments). The latest attended visits stay to be invoiced.
 */
export async function seedInvoices(tx: Tx, repos: Repositories, billing: DemoBilling) {
  const { invoicing, demoPatientId, nowMs } = billing;
  await repos.clinic.updateSettings(DEMO_ISSUER, tx);
  await seedRedsys(tx, repos);
  // The desk's admin issued them (the audit log says so).
  const admin = await repos.auth.findAccountByEmail('admin@clinica.demo', tx);
  const SEEDER = { actor: admin ? { id: admin.id, role: 'admin' as const } : null, ip: '127.0.0.1' };
  const timeline = billingTimeline(billing.timeZone, billing.closedDays, nowMs);
  const services = await repos.clinicServices.list(tx);
  const peelingService = services.find((service) => service.name === 'Peeling químico (estético)');
  const attended = (await repos.invoices.attendedNotInvoiced(5000, tx)).filter((visit) =>
    timeline.past(visit.startsAt.getTime() + AFTER_VISIT),
  );
  // A session pack in use: the visits it covers are not invoiced (seed/packs.ts).
  const byPack = await planDemoPack(tx, repos, billing.packs, timeline, SEEDER, attended, demoPatientId);
  const visits = attended.filter((visit) => !byPack.has(visit.id));
  const mine = visits.filter((visit) => visit.patientId === demoPatientId).reverse();
  const ofOthers = visits.filter((visit) => visit.patientId !== demoPatientId);
  const rest = ofOthers.slice(LEFT_TO_INVOICE);
  const step = Math.max(1, Math.floor(rest.length / OTHERS_INVOICED));
  const others = rest.filter((_, index) => index % step === 0);
  // The plan put the peeling before the visits left to invoice; visits of one hour may come in another order here.
  const peelingVisit = ofOthers.find((visit) => visit.serviceId === peelingService?.id);
  if (peelingVisit && !others.includes(peelingVisit)) others.push(peelingVisit);
  const f3Visits = await visitsForAnF3(repos, rest, peelingVisit, billing, tx);
  for (const visit of f3Visits) if (!others.includes(visit)) others.push(visit);

  // Issued on the visit's day, on the way out; one in five of the others' a few days later (sent by e-mail).
  const issued = new Map<Visit, DemoInvoice>();
  const issueAt = new Map<Visit, number>();
  const plan = (visit: Visit, kind: 'completa' | 'simplificada', index: number) => {
    const onTheDay = visit.startsAt.getTime() + AFTER_VISIT;
    const later = kind === 'simplificada' && index % 5 === 3 && !f3Visits.includes(visit) && visit !== peelingVisit;
    const at = (later && timeline.openDayAfter(onTheDay, 2, '10:15')) || onTheDay;
    issueAt.set(visit, at);
    timeline.at(at, async () => {
      const patient = (await repos.patients.findById(visit.patientId, tx))!;
      const row = await invoicing.issueIn(
        tx,
        { patientId: visit.patientId, appointmentIds: [visit.id], kind },
        patient,
        SEEDER,
      );
      issued.set(visit, { id: row.id, totalCents: row.totalCents, patientId: visit.patientId });
    });
  };
  mine.forEach((visit, index) => plan(visit, 'completa', index));
  others.forEach((visit, index) => plan(visit, 'simplificada', index));

  // One issued by mistake and cancelled within the hour (it is never paid).
  const mistaken = others.find((visit, index) => index >= 1 && visit !== peelingVisit && !f3Visits.includes(visit));
  if (mistaken) {
    timeline.at(issueAt.get(mistaken)! + 30 * MINUTE, async () => {
      const reason = 'Emitida por error: la visita estaba cubierta por la aseguradora';
      await invoicing.cancelIn(tx, issued.get(mistaken)!.id, reason, SEEDER);
    });
  }

  // The peeling's discount agreed the next open day: an R5 by differences; the patient pays what is left then.
  const settled = new Map<Visit, { method: PaymentMethod; at: number; amountCents: () => number }>();
  if (peelingVisit && peelingService) {
    const rectifiedAt =
      timeline.openDayAfter(issueAt.get(peelingVisit)!, 1, '10:00') ?? issueAt.get(peelingVisit)! + 40 * MINUTE;
    let rectifyingCents = 0;
    timeline.at(rectifiedAt, async () => {
      const invoice = issued.get(peelingVisit)!;
      const patient = (await repos.patients.findById(invoice.patientId, tx))!;
      const line = {
        description: `Descuento del 10 %: ${peelingService.name}`,
        quantity: 1,
        unitPriceCents: -Math.round(peelingService.priceCents / 10),
        vat: peelingService.vat,
      };
      const reason = 'Descuento del 10 % por la segunda sesión, acordado después de emitir la factura';
      const body = { type: 'R5' as const, method: 'diferencias' as const, reason, lines: [line] };
      rectifyingCents = (await invoicing.rectifyIn(tx, invoice.id, body, patient, SEEDER)).totalCents;
    });
    settled.set(peelingVisit, {
      method: 'tarjeta',
      at: rectifiedAt + 5 * MINUTE,
      amountCents: () => issued.get(peelingVisit)!.totalCents + rectifyingCents,
    });
  }

  // The F3: the patient paid both visits at the desk and asked, days after the second, for a complete invoice.
  const lastOfF3 = f3Visits.at(-1);
  if (lastOfF3) {
    const at = timeline.openDayAfter(issueAt.get(lastOfF3)!, 3, '12:30') ?? issueAt.get(lastOfF3)! + 60 * MINUTE;
    timeline.at(at, async () => {
      const patient = (await repos.patients.findById(lastOfF3.patientId, tx))!;
      await invoicing.substituteIn(
        tx,
        f3Visits.map((visit) => issued.get(visit)!.id),
        patient,
        SEEDER,
      );
    });
  }

  const reportPatient = ofOthers[0]?.patientId;
  if (reportPatient && ![...issueAt.values()].some((at) => timeline.dayOf(at) >= monthStart(nowMs, billing.timeZone))) {
    planThisMonthsReport(timeline, nowMs, async () => {
      const patient = (await repos.patients.findById(reportPatient, tx))!;
      const lines = [{ description: 'Informe médico', quantity: 1, unitPriceCents: 3000, vat: 'exenta' as const }];
      await invoicing.issueIn(
        tx,
        { patientId: reportPatient, appointmentIds: [], lines, kind: 'simplificada' },
        patient,
        SEEDER,
      );
    });
  }

  seedPayments(tx, billing, timeline, SEEDER, {
    invoices: [...mine, ...others]
      .filter((visit) => visit !== mistaken)
      .sort((a, b) => issueAt.get(a)! - issueAt.get(b)!)
      .map((visit) => ({
        issuedAt: issueAt.get(visit)!,
        invoice: () => issued.get(visit)!,
        settled: settled.get(visit),
        // The demo paciente's latest visit is owed (his portal shows the debt).
        owed: visit === mine.at(-1),
        paidAtOnce: f3Visits.includes(visit),
        // The one before it he paid by card from «Mis facturas», that evening at home, through Redsys.
        paidOnlineAt: visit === mine.at(-2) ? paidOnlineAt(issueAt.get(visit)!, timeline) : undefined,
        simplified: visit.patientId !== demoPatientId,
      })),
  });
  await billing.alsoPlan?.(timeline, new Set([...issueAt.keys()].map((visit) => visit.id)));
  await timeline.run();
}

/** The first day of the clinic's month of `nowMs` (`2028-03-01`). */
const monthStart = (nowMs: number, timeZone: string) => `${dayInZone(nowMs, timeZone).slice(0, 8)}01`;

/**
 * «Ventas» shows this month on any day (decision 0122): when no visit of the plan is invoiced in the clinic's
 * current month by now (its first day, a holiday…), the desk invoiced a medical report typed by hand that morning at
 * 09:00 — or a few minutes ago when that has not come yet — still owed.
 */
function planThisMonthsReport(timeline: BillingTimeline, nowMs: number, run: () => Promise<void>) {
  const morning = timeline.atHour(timeline.dayOf(nowMs), '09:00');
  const at = timeline.past(morning) ? morning : nowMs - 2 * MINUTE;
  if (timeline.dayOf(at).slice(0, 7) === timeline.dayOf(nowMs).slice(0, 7)) timeline.at(at, run);
}

/** Three hours after the invoice (at home, that evening) when that has come by now, else right after it. */
function paidOnlineAt(issuedAt: number, timeline: BillingTimeline) {
  const evening = issuedAt + 3 * 60 * MINUTE;
  return timeline.past(evening + MINUTE) ? evening : issuedAt + 2 * MINUTE;
}

/**
 * Two visits of one adult patient with a DNI and an address, a week or more ago, for the F3 that replaces their
 * simplified invoices (one visit when nobody came twice).
 */
async function visitsForAnF3(
  repos: Repositories,
  rest: Visit[],
  peeling: Visit | undefined,
  { nowMs, timeZone }: DemoBilling,
  tx: Tx,
) {
  const old = rest.filter((visit) => visit !== peeling && visit.startsAt.getTime() < nowMs - 7 * 86_400_000);
  const byPatient = new Map<string, Visit[]>();
  for (const visit of old) byPatient.set(visit.patientId, [...(byPatient.get(visit.patientId) ?? []), visit]);
  const candidates = [...byPatient.values()].sort((a, b) => b.length - a.length);
  for (const own of candidates.slice(0, 20)) {
    const patient = await repos.patients.findById(own[0]!.patientId, tx);
    const adult = patient?.birthDate && ageOn(patient.birthDate, dayInZone(nowMs, timeZone)) >= 18;
    if (adult && patient.documentNumber && patient.address.trim() && patient.documentType !== 'pasaporte')
      return own.slice(0, 2).reverse();
  }
  return [];
}
