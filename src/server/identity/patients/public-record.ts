import type { FastifyRequest } from 'fastify';
import { clock } from '../../platform';
import type { Tx } from '../../platform';
import { auditedIn, auditContext } from '../../platform';
import { PENDING_BOOKING_MESSAGE, requireOwnRecord } from './link-account';
import type { PatientRow } from './repository';
import type { CoreDeps } from '../deps';
import { holdsOwnRecord } from '../../access';

/** What a person types on /agendar-cita about herself. */
export interface PublicContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** Finds or makes the record in the transaction of the change it is for (a booking, an entry). */
export type PublicRecord = (tx: Tx) => Promise<PatientRow>;

/** Whether a request from /agendar-cita uses the requester's own record: a signed-in paciente's (below). */
export const usesOwnRecord = (request: Pick<FastifyRequest, 'user'>): boolean =>
  request.user !== null && holdsOwnRecord(request.user.role);

/**
 * Whose clinical record a request from /agendar-cita uses — a booking, or joining the waiting list (one
 * rule for both):
 * - a signed-in paciente's own record (refused with `PENDING_BOOKING_MESSAGE` while her e-mail is unproved);
 * - else the record with this e-mail and this name (not one an account made for itself without proving the
 *   address);
 * - else a new record, with the privacy consent just given.
 * A record without a privacy consent gets the one just given.
 * `whenCreated` runs only on a record this request made (a booking's reminder channel and phone consent): what
 * an anonymous form says never changes a record that existed before it.
 *
 * Attaching to an existing record is acceptable because it hands nothing back: whoever types a patient's
 * name and e-mail learns nothing of her record from the answer (the routes answer with what was asked for,
 * never the record's id or contact data), and what follows — confirmations, offers — goes to the record's
 * own address.
 *
 * The answer runs in the caller's transaction, so a change that is refused (a slot taken meanwhile) leaves
 * no record, consent or audit entry behind. A paciente's own record is resolved before, on its own: it is
 * hers whatever becomes of the change (her area makes the same one), and while it is pending the link
 * e-mailed to her must stay although the request is refused.
 */
export async function recordForPublicRequest(
  deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'log'>,
  request: FastifyRequest,
  contact: PublicContact,
  via: 'booking' | 'waiting-list',
  whenCreated?: (created: PatientRow, tx: Tx) => Promise<void>,
): Promise<PublicRecord> {
  const { repos } = deps;
  const own =
    request.user && usesOwnRecord(request)
      ? await requireOwnRecord(deps, request.user, { phone: contact.phone }, PENDING_BOOKING_MESSAGE)
      : undefined;
  const who = auditContext(request);
  return async (tx) => {
    const existing =
      own ?? (await repos.patients.findByEmailAndName(contact.email, contact.firstName, contact.lastName, tx));
    const patient =
      existing ??
      (await auditedIn(
        tx,
        (tx) =>
          repos.patients.create(
            {
              firstName: contact.firstName,
              lastName: contact.lastName,
              email: contact.email,
              phone: contact.phone,
              privacyConsentAt: clock.now(),
              privacyConsentChannel: 'web',
            },
            tx,
          ),
        (created) => ({
          ...who,
          action: 'create',
          entity: 'patient',
          entityId: created.id,
          patientId: created.id,
          details: { via },
        }),
      ));
    if (!existing && whenCreated) await whenCreated(patient, tx);
    if (!patient.privacyConsentAt) {
      await auditedIn(
        tx,
        (tx) => repos.patients.update(patient.id, { privacyConsentAt: clock.now(), privacyConsentChannel: 'web' }, tx),
        {
          ...who,
          action: 'update',
          entity: 'patient',
          entityId: patient.id,
          patientId: patient.id,
          details: { via, fields: ['privacyConsent'] },
        },
      );
    }
    return patient;
  };
}
