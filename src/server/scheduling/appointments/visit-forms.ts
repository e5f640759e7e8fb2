import type { Tx } from '../../platform';

/** A link an appointment e-mail carries: a questionnaire to answer or a consent to sign, with its title. */
export interface FormLink {
  title: string;
  url: string;
}

/**
 * What an appointment's e-mails and its status rules read of the forms context (its consents), given by the
 * composition root from `forms/visit-forms.ts`. What a booking asks of forms (consents and questionnaires
 * requested) is not here: forms registers it as an after-booking step (`after-booking.ts`).
 */
export interface VisitForms {
  /** Makes the links' keys before a change's transaction (a key must commit even when the change rolls back). */
  prepare(): Promise<void>;
  /** The links to sign a visit's consents, good until it ends. */
  consentLinks(visit: { id: string; endsAt: Date }, tx: Tx): Promise<FormLink[]>;
  /** The titles of a visit's consents not signed yet. */
  unsignedConsents(appointmentId: string): Promise<string[]>;
  /**
   * What the visit still asks of the patient, with the links its e-mails carry (good until it ends): the
   * questionnaires not sent and the consents nobody decided — for the booking's page (decision 0127).
   */
  pendingForms(visit: { id: string; endsAt: Date }): Promise<{ questionnaires: FormLink[]; consents: FormLink[] }>;
}
