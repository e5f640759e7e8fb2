import type { InboundMessage } from '../../communications';
import { toE164 } from '../../communications';
import { clock } from '../../platform';
import type { CoreDeps } from '../deps';

export interface ReplyMatch {
  /** Whose reply it is; null when no patient, or several, have that number (the desk's «sin paciente» list). */
  patientId: string | null;
  /** The appointment it answers: that of the last message with an appointment sent to the number. */
  appointmentId: string | null;
}

const UNMATCHED: ReplyMatch = { patientId: null, appointmentId: null };
const LIVE = ['pendiente', 'confirmada'];

/**
 * Whose reply this is and which appointment it answers (docs/decisions/0128):
 *  1. a WhatsApp reply that quotes one of our messages answers that message's appointment;
 *  2. else the last message sent to that number about an appointment still to come, and not cancelled, names both —
 *     a number shared by a family answers the reminder that reached it last (once the mother has cancelled hers by
 *     «NO», the son's reminder is the one a «SI» answers);
 *  3. else the last message about an appointment still to come, cancelled (the reply changes nothing: the inbox);
 *  4. else, if exactly one patient has that number (on her record, or as the one we wrote to), it is hers, about the
 *     appointment last written about if any (a past one: the reply changes nothing, the desk reads it);
 *  5. else nobody: several patients share it and nothing upcoming tells them apart, or nobody has it.
 */
export async function matchReply(deps: Pick<CoreDeps, 'repos'>, message: InboundMessage): Promise<ReplyMatch> {
  const { replies } = deps.repos;
  if (message.replyTo) {
    const quoted = await replies.sentAs(message.channel, message.replyTo);
    if (quoted) return { patientId: quoted.patientId, appointmentId: quoted.appointmentId };
  }
  if (!/^\+\d{8,15}$/.test(message.from)) return UNMATCHED;
  const sent = await replies.sentTo(message.from);
  const upcoming = sent.filter((row) => row.startsAt.getTime() > clock.nowMs());
  const latest = upcoming.find((row) => LIVE.includes(row.status)) ?? upcoming[0];
  if (latest) return { patientId: latest.patientId, appointmentId: latest.appointmentId };

  // The national number's last nine digits find the records whose phone holds it, however it was typed.
  const onRecord = (await replies.withPhoneDigits(message.from.slice(-9)))
    .filter((patient) => toE164(patient.phone) === message.from)
    .map((patient) => patient.id);
  const candidates = new Set([...onRecord, ...sent.map((row) => row.patientId)]);
  if (candidates.size !== 1) return UNMATCHED;
  const patientId = [...candidates][0]!;
  return { patientId, appointmentId: sent.find((row) => row.patientId === patientId)?.appointmentId ?? null };
}
