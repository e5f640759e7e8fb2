import { Temporal } from 'temporal-polyfill';
import type { Settlement, SettlementRuleInput } from '../../../common/schemas/settlements';
import {
  AppError,
  audited,
  auditedIn,
  clock,
  pgErrorCode,
  readClinicSettings,
  startOfDay,
  transact,
  validationError,
  type AuditContext,
  type Db,
} from '../../platform';
import type { CoreDeps } from '../deps';
import { settle } from './compute';

type Deps = Pick<CoreDeps, 'db' | 'repos'>;

const NO_RULE = 'Este profesional no tiene regla de liquidación: fíjala en «Reglas de liquidación»';

/** Every doctor with her rule. */
export const settlementRules = (deps: Deps) => deps.repos.settlements.rules();

/** The doctor's rule, or undefined when there is no such doctor. */
async function doctorRule(deps: Deps, doctorId: string, tx?: Db) {
  const [doctor] = await deps.repos.settlements.rules(tx, doctorId);
  return doctor;
}

/** Sets a doctor's rule whole, audited with what it was and what it is. */
export async function setSettlementRule(deps: Deps, doctorId: string, input: SettlementRuleInput, who: AuditContext) {
  const before = await doctorRule(deps, doctorId);
  if (!before) throw new AppError(404, 'NOT_FOUND', 'Profesional no encontrado');
  const existing = await deps.repos.insurers.existingServices(input.services.map((service) => service.serviceId));
  if (existing.length !== input.services.length)
    throw validationError({ services: 'Uno de los servicios ya no existe' });
  await audited(
    deps.db,
    (tx) => deps.repos.settlements.setRule(doctorId, input, who.actor?.id ?? null, clock.now(), tx),
    {
      ...who,
      action: 'update',
      entity: 'settlement_rule',
      entityId: doctorId,
      details: { before: before.rule && { ...before.rule, updatedAt: undefined }, after: input },
    },
  );
}

/** `yyyy-mm` as the month's first day and the next month's. */
function monthBounds(month: string) {
  const first = Temporal.PlainYearMonth.from(month).toPlainDate({ day: 1 });
  return { first: first.toString(), next: first.add({ months: 1 }).toString() };
}

/**
 * The settlement of a doctor's month as it would be issued now: every event of hers from the first month she was
 * settled (or this one) up to the month's end that no settlement counted yet, under her rule as it is.
 */
async function draftIn(deps: Deps, doctorId: string, month: string, tx: Db) {
  const doctor = await doctorRule(deps, doctorId, tx);
  if (!doctor) throw new AppError(404, 'NOT_FOUND', 'Profesional no encontrado');
  if (!doctor.rule) throw new AppError(409, 'NO_SETTLEMENT_RULE', NO_RULE);
  const { timeZone, billingMode } = await readClinicSettings(deps, tx);
  const { first, next } = monthBounds(month);
  const settledFrom = await deps.repos.settlements.firstMonth(doctorId, tx);
  const fromDay = settledFrom && settledFrom < first ? settledFrom : first;
  const events = await deps.repos.settlements.events(
    doctorId,
    doctor.rule.basis,
    { fromDay, from: startOfDay(fromDay, timeZone), untilDay: next, until: startOfDay(next, timeZone) },
    billingMode,
    tx,
  );
  const settled = settle(events, doctorId, doctor.rule);
  return { doctor, rule: doctor.rule, next, timeZone, ...settled };
}

/** A doctor's month, not issued: what its settlement would count if issued now. */
export async function settlementDraft(deps: Deps, doctorId: string, month: string): Promise<Settlement> {
  const draft = await draftIn(deps, doctorId, month, deps.db);
  return {
    id: null,
    issuedAt: null,
    doctorId,
    doctorName: draft.doctor.doctorName,
    month,
    basis: draft.rule.basis,
    countedCents: draft.countedCents,
    shareCents: draft.shareCents,
    lines: draft.lines.map(({ sourceId: _s, invoiceId: _i, linePosition: _p, ...line }) => line),
  };
}

/**
 * Issues a doctor's month once it is over: its lines are written as counted, never again, and the settlement never
 * changes. Two issues at once: the database's unique keys let one through.
 */
export async function issueSettlement(deps: Deps, doctorId: string, month: string, who: AuditContext) {
  try {
    return await transact(deps.db, async (tx) => {
      const draft = await draftIn(deps, doctorId, month, tx);
      const today = clock.today(draft.timeZone).toString();
      if (today < draft.next) {
        const day = Temporal.PlainDate.from(draft.next).toLocaleString('es-ES', { day: 'numeric', month: 'long' });
        throw new AppError(409, 'MONTH_NOT_OVER', `El mes aún no ha terminado: se liquida a partir del ${day}`);
      }
      const { rule } = draft;
      return auditedIn(
        tx,
        (tx) =>
          deps.repos.settlements.insert(
            {
              doctorId,
              month: `${month}-01`,
              basis: rule.basis,
              rule: { ...rule, updatedAt: undefined },
              countedCents: draft.countedCents,
              shareCents: draft.shareCents,
              issuedAt: clock.now(),
              issuedBy: who.actor?.id ?? null,
            },
            draft.lines,
            tx,
          ),
        (id) => ({
          ...who,
          action: 'create',
          entity: 'settlement',
          entityId: id,
          details: { doctorId, month, lines: draft.lines.length, shareCents: draft.shareCents },
        }),
      );
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') {
      throw new AppError(409, 'DOCTOR_MONTH_SETTLED', 'Este mes ya está liquidado para este profesional');
    }
    throw error;
  }
}

/** The settlements issued: of one doctor, or of every doctor. */
export const listSettlements = (deps: Deps, filter: { doctorId?: string | null; month?: string }) =>
  deps.repos.settlements.list(filter);

/** Issued settlements with their lines (two queries, however many). */
export async function settlementsWithLines(
  deps: Deps,
  filter: { doctorId?: string | null; month?: string; id?: string },
): Promise<Settlement[]> {
  const summaries = await deps.repos.settlements.list(filter);
  const lines = await deps.repos.settlements.lines(summaries.map((summary) => summary.id));
  return summaries.map((summary) => ({
    ...summary,
    lines: lines
      .filter((line) => line.settlementId === summary.id)
      .map(({ settlementId: _settlement, ...line }) => line),
  }));
}

/** An issued settlement with its lines, and whose it is. */
export async function findSettlement(deps: Deps, id: string): Promise<Settlement | undefined> {
  const [settlement] = await settlementsWithLines(deps, { id });
  return settlement;
}
