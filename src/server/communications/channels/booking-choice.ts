import type { FastifyRequest } from 'fastify';
import {
  CHANNEL_LABELS,
  PHONE_CONSENT_REQUIRED,
  type MessageChannel,
  type PatientChannelInput,
} from '../../../common/schemas/channels';
import type { Tx } from '../../platform';
import { validationError } from '../../platform';
import { toE164 } from '../providers/provider';
import { auditContext, auditedIn } from '../../platform';
import type { Repositories } from '../deps';

/** What a public booking says of her reminders (`publicBookingSchema`). */
export interface BookingChannelInput {
  preferredChannel?: MessageChannel;
  phoneConsent?: boolean;
  phone: string;
}

/**
 * The channel a public booking may choose, «¿Cómo quieres recibir el recordatorio?»: one of `offered` (the
 * clinic's channels, a phone channel only with its provider — `offeredChannels`, as in Mi perfil); SMS or
 * WhatsApp only with her consent ticked and a mobile number. Null when she said nothing (the record keeps the
 * defaults: e-mail, no consent). A refusal is a 400 naming the field, in Spanish.
 */
export function bookingChannelChoice(
  offered: readonly MessageChannel[],
  input: BookingChannelInput,
): PatientChannelInput | null {
  if (input.preferredChannel === undefined && !input.phoneConsent) return null;
  const preferredChannel = input.preferredChannel ?? 'email';
  if (!offered.includes(preferredChannel)) {
    throw validationError({
      preferredChannel: `La clínica no envía recordatorios por ${CHANNEL_LABELS[preferredChannel]}. Elige otra opción.`,
    });
  }
  const phoneConsent = input.phoneConsent === true;
  if (preferredChannel !== 'email') {
    if (!phoneConsent) throw validationError({ phoneConsent: PHONE_CONSENT_REQUIRED });
    if (!toE164(input.phone)) {
      throw validationError({
        phone: `Para recibir el recordatorio por ${CHANNEL_LABELS[preferredChannel]}, escribe un número de móvil`,
      });
    }
  }
  return { preferredChannel, phoneConsent };
}

/**
 * Records the choice on the record the booking has just created, in the booking's transaction: recorded by the
 * patient herself (no account: `phoneConsentBy` stays empty), at this moment, with its audit entry. Never on a
 * record that existed before (see `recordForPublicRequest`'s `whenCreated`).
 */
export async function recordBookingChannel(
  repos: Pick<Repositories, 'channelPreferences'>,
  request: FastifyRequest,
  patientId: string,
  choice: PatientChannelInput,
  tx: Tx,
): Promise<void> {
  await auditedIn(tx, (tx) => repos.channelPreferences.set(patientId, choice, null, tx), {
    ...auditContext(request),
    action: 'update',
    entity: 'patient',
    entityId: patientId,
    patientId,
    details: { fields: ['preferredChannel', 'phoneConsent'], ...choice, by: 'patient', via: 'booking' },
  });
}
