import type { Tx } from '../../platform';

/** A link the confirmation e-mail carries: a questionnaire to answer or a consent to sign, with its title. */
export interface FormLink {
  title: string;
  url: string;
}

/**
 * What a booking asks of the forms context (consents and questionnaires), given by the composition root from
 * `forms/booking-forms.ts`: scheduling books, forms decides what a visit needs and signs its links.
 */
export interface BookingForms {
  /** Makes the links' keys before a change's transaction (a key must commit even when the change rolls back). */
  prepare(): Promise<void>;
  /**
   * Inside the booking's transaction: requests the consents its service needs and the questionnaires that apply
   * (its service, a first visit); answers the questionnaires asked, with their links, for the confirmation e-mail.
   */
  afterBooking(
    visit: { id: string; patientId: string; serviceId: string | null; startsAt: Date; endsAt: Date },
    tx: Tx,
  ): Promise<FormLink[]>;
  /** The links to sign a visit's consents, good until it ends. */
  consentLinks(visit: { id: string; endsAt: Date }, tx: Tx): Promise<FormLink[]>;
  /** The titles of a visit's consents not signed yet. */
  unsignedConsents(appointmentId: string): Promise<string[]>;
}
