import type { PhoneChannel } from '../../../common/schemas/channels';
import { smsShape, toGsm7, visitDate } from '../../communications';

/** What a rule did, for its acknowledgment. */
export type Acknowledged =
  | { rule: 'confirmed' }
  | { rule: 'declined'; clinicPhone: string }
  /** `changeUrl`: the booking's link while she may still change it herself; else the desk will call her. */
  | { rule: 'change-requested'; changeUrl: string | null };

export interface AckInput {
  clinicName: string;
  startsAt: Date;
  timeZone: string;
}

/** One SMS segment in GSM-7: 160 characters at most. */
const fits = (text: string) => {
  const shape = smsShape(text);
  return shape.encoding === 'GSM-7' && shape.segments === 1;
};

function variants(input: AckInput, done: Acknowledged): string[] {
  const { day, time } = visitDate(input.startsAt, input.timeZone);
  const clinic = input.clinicName.trim();
  const when = `del ${day} a las ${time}`;
  switch (done.rule) {
    case 'confirmed':
      return [`${clinic}: gracias, tu cita ${when} queda confirmada.`, `Gracias: tu cita ${when} queda confirmada.`];
    case 'declined': {
      const call = done.clinicPhone ? ` Si quieres otra, llámanos al ${done.clinicPhone}.` : '';
      return [
        `${clinic}: hemos cancelado tu cita ${when}.${call}`,
        `Hemos cancelado tu cita ${when}.${call}`,
        `Hemos cancelado tu cita ${when}.`,
      ];
    }
    case 'change-requested': {
      const called = `Hemos avisado a la clínica: te llamaremos para cambiar tu cita ${when}.`;
      return [
        ...(done.changeUrl
          ? [
              `${clinic}: cambia tu cita ${when} aquí: ${done.changeUrl}`,
              `Cambia tu cita ${when} aquí: ${done.changeUrl}`,
              `Cambia tu cita aquí: ${done.changeUrl}`,
            ]
          : []),
        `${clinic}: ${called.charAt(0).toLowerCase()}${called.slice(1)}`,
        called,
      ];
    }
  }
}

/**
 * The short Spanish acknowledgment of an applied rule. By SMS: one segment in GSM-7 (at most 160 characters, á í ó
 * ú written without their accent), dropping first the clinic's name, then the link (the desk will call instead). By
 * WhatsApp (free text: she has just written, the window is open): the fullest form, with its accents.
 */
export function acknowledgment(channel: PhoneChannel, input: AckInput, done: Acknowledged): string {
  const texts = variants(input, done);
  if (channel === 'whatsapp') return texts[0]!;
  return texts.map(toGsm7).find(fits) ?? toGsm7(texts.at(-1)!).slice(0, 160);
}
