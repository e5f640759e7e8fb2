import { Temporal } from 'temporal-polyfill';
import { clock } from '../platform/clock';
import type { InvoicingService } from '../billing/invoices/service';
import type { PaymentsService } from '../billing/payments/service';
import type { OnlinePaymentsCore } from '../billing/online-payments/service';
import type { PacksService } from '../billing/packs/service';

const MINUTE = 60_000;

/** What the demo's billing is made with: the desk's own services, and the moment and calendar it is made for. */
export interface DemoBilling {
  invoicing: Pick<InvoicingService, 'issueIn' | 'cancelIn' | 'rectifyIn' | 'substituteIn'>;
  payments: Pick<PaymentsService, 'recordIn' | 'closeDayIn' | 'cashDay'>;
  /** Paying online through Redsys: the form, and the bank's notification that records the payment. */
  online: Pick<OnlinePaymentsCore, 'startIn' | 'notifyIn'>;
  /** Session packs: the demo sells one and its visits use sessions (`seed/packs.ts`). */
  packs: Pick<PacksService, 'sellIn'>;
  demoPatientId: string;
  timeZone: string;
  /** The holidays the clinic closes on (`2026-12-25`). */
  closedDays: ReadonlySet<string>;
  nowMs: number;
  /**
   * More billing of the same timeline (the insurers' settlement), planned once the visits to invoice are chosen
   * (`planned`): one VERI*FACTU chain in the order of time.
   */
  alsoPlan?: (timeline: BillingTimeline, planned: ReadonlySet<string>) => Promise<void>;
}

/**
 * The demo's billing as it happened: each step (an issue, a payment, a cancellation…) at its own past instant, run
 * in the order of those instants under a clock standing at each (`clock.runAt`), so the invoices' numbers, their
 * VERI*FACTU records and the payments follow time as the desk's work would have left them.
 */
export function billingTimeline(timeZone: string, closedDays: ReadonlySet<string>, nowMs: number) {
  const steps: { at: number; order: number; run: () => Promise<void> }[] = [];
  const zoned = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone);
  const open = (day: Temporal.PlainDate) => day.dayOfWeek <= 5 && !closedDays.has(day.toString());
  // A step is done at least a minute before the demo's "now".
  const past = (ms: number) => ms <= nowMs - MINUTE;

  return {
    /** The clinic's day of an instant (`2026-11-26`). */
    dayOf: (ms: number) => zoned(ms).toPlainDate().toString(),
    past,
    /**
     * At `hour` of the first weekday the clinic is open at least `days` after `fromMs`'s day, when it has come by
     * now (null: not yet).
     */
    openDayAfter(fromMs: number, days: number, hour: string): number | null {
      let day = zoned(fromMs).toPlainDate().add({ days });
      while (!open(day)) day = day.add({ days: 1 });
      const at = day.toZonedDateTime({ timeZone, plainTime: hour }).epochMilliseconds;
      return past(at) ? at : null;
    },
    /** At `hour` of the clinic's day `day`. */
    atHour: (day: string, hour: string) =>
      Temporal.PlainDate.from(day).toZonedDateTime({ timeZone, plainTime: hour }).epochMilliseconds,
    /** Plans `run` at `at` (steps of one instant keep the order they were planned in). */
    at(at: number, run: () => Promise<void>) {
      steps.push({ at, order: steps.length, run });
    },
    /** Runs the steps in time order, each under the clock at its instant (a second apart at least, never two at once). */
    async run() {
      steps.sort((a, b) => a.at - b.at || a.order - b.order);
      let last = -Infinity;
      for (const step of steps) {
        last = Math.max(step.at, last + 1000);
        await clock.runAt(last, step.run);
      }
    },
  };
}

export type BillingTimeline = ReturnType<typeof billingTimeline>;
