/** What a reply asks for by rule; anything else goes to the desk's inbox as it is. */
export type ReplyIntent = 'confirm' | 'decline' | 'change';

/**
 * The reply as the rules read it: without accents, lower case, without punctuation, emoji or spaces around —
 * «Sí.», «SI!», « si » and «¡Sí!» are all «si».
 */
export function normalizeReply(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The whole replies each rule takes (docs/decisions/0128): the words the reminder asks for, and the buttons' own
 * texts («Confirmo», «No podré ir»). Only the whole reply counts: «no sé si podré ir» or «sí, pero más tarde» is
 * free text, for the desk to read.
 */
const INTENTS: Record<string, ReplyIntent> = {
  si: 'confirm',
  confirmo: 'confirm',
  confirmar: 'confirm',
  'si confirmo': 'confirm',
  'confirmo que ire': 'confirm',
  no: 'decline',
  'no podre ir': 'decline',
  'no puedo ir': 'decline',
  cambiar: 'change',
  'cambiar cita': 'change',
  'cambiar la cita': 'change',
};

export const replyIntent = (text: string): ReplyIntent | null => INTENTS[normalizeReply(text)] ?? null;
