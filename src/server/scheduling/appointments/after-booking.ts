import type { DeskNotice } from '../../../common/schemas/tasks';
import type { AuditContext, ClinicSettingsRow, Tx } from '../../platform';
import type { AppointmentView } from './repository';
import type { FormLink } from './visit-forms';

/** Where a booking comes from: the public page, the paciente's area, the desk, or an accepted waiting-list offer. */
export type BookingSource = 'public' | 'patient-area' | 'desk' | 'waiting-list';

/** A booking inside its transaction, as the after-booking steps see it and add to it. */
export interface BookingInProgress {
  readonly source: BookingSource;
  readonly appointment: AppointmentView;
  readonly settings: ClinicSettingsRow;
  /** Who booked, from where (the audit's actor: null for a visitor or an offer's link). */
  readonly by: AuditContext;
  /** The e-mail the patient gets: `received` for her own request, `confirmed` for the desk's booking. */
  readonly email: 'received' | 'confirmed';
  /** The questionnaires the booking asked, with their links (the confirmation e-mail carries them). */
  readonly questionnaires: FormLink[];
  /** What the desk must do because the patient cannot be told (no e-mail): the desk's toast says them. */
  readonly notices: DeskNotice[];
}

/**
 * Something a context does because an appointment was booked, registered in the composition root (never called by
 * the booking by name): `prepare` before the booking's transaction (a link key that must commit whatever the
 * booking does), `inTransaction` inside it (a throw rolls the whole booking back), `afterCommit` once it has
 * committed (a failure is logged and never fails the booking). Steps run in the order they were registered.
 */
export interface AfterBookingStep {
  /** Named in the log when an after-commit part fails. */
  readonly name: string;
  prepare?(): Promise<void>;
  inTransaction?(booking: BookingInProgress, tx: Tx): Promise<void>;
  afterCommit?(booking: BookingInProgress): Promise<void>;
}

/** The after-booking steps: the composition registers them, the booking runs them. */
export interface AfterBooking {
  register(step: AfterBookingStep): void;
  readonly steps: readonly AfterBookingStep[];
}

export function createAfterBooking(): AfterBooking {
  const steps: AfterBookingStep[] = [];
  return {
    register(step) {
      steps.push(step);
    },
    steps,
  };
}
