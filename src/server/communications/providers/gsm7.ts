/**
 * SMS text in GSM-7 (3GPP TS 23.038): the basic set holds é, É, è, ù, ì, ò, à, ñ, Ñ, ü, Ü, ¿ and ¡, but not á,
 * í, ó, ú (nor Á, Í, Ó, Ú): those become their unaccented letters so that a Spanish text stays in GSM-7 — 160
 * characters in one segment, 153 a segment beyond — instead of UCS-2 (70, then 67). Typographic quotes and
 * dashes become their plain forms. A text with anything else outside the set (an emoji) is sent as UCS-2.
 */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters of the extension table: each takes two septets (escape + character). */
const EXTENSION = '^{}\\[~]|€\f';

const BASIC_SET = new Set(BASIC);
const EXTENSION_SET = new Set(EXTENSION);

const REPLACEMENTS: Record<string, string> = {
  á: 'a',
  í: 'i',
  ó: 'o',
  ú: 'u',
  Á: 'A',
  Í: 'I',
  Ó: 'O',
  Ú: 'U',
  ê: 'e',
  â: 'a',
  ç: 'Ç',
  // Letters with no decomposition to a plain one (NFD leaves them whole).
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  œ: 'oe',
  Œ: 'OE',
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '‘': "'",
  '’': "'",
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
};

/** A letter outside the set that loses its mark to be in it («â», «ã», «ï», «ł» stay letters: a, a, i…). */
function plainLetter(char: string): string | undefined {
  const base = char.normalize('NFD').replace(/\p{M}+/gu, '');
  return base !== char && [...base].every((part) => BASIC_SET.has(part)) ? base : undefined;
}

/**
 * The text with Spanish accents GSM-7 lacks replaced by plain letters (see above), and any other letter with a
 * mark the set lacks by its plain letter. What has no GSM-7 form (an emoji, another script) stays: `smsSafe`.
 */
export function toGsm7(text: string): string {
  return [...text]
    .map(
      (char) =>
        REPLACEMENTS[char] ?? (BASIC_SET.has(char) || EXTENSION_SET.has(char) ? char : (plainLetter(char) ?? char)),
    )
    .join('');
}

/**
 * A name or a text put into an SMS: in GSM-7 (`toGsm7`), without what has no GSM-7 form, spaces collapsed — so that
 * one emoji in a clinic's name cannot turn a 160-character message into UCS-2 (70 a part).
 */
export function smsSafe(text: string): string {
  return [...toGsm7(text)]
    .filter((char) => BASIC_SET.has(char) || EXTENSION_SET.has(char))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export function isGsm7(text: string): boolean {
  return [...text].every((char) => BASIC_SET.has(char) || EXTENSION_SET.has(char));
}

export interface SmsShape {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/** The encoding and number of segments a text is sent in. */
export function smsShape(text: string): SmsShape {
  if (isGsm7(text)) {
    const units = [...text].reduce((sum, char) => sum + (EXTENSION_SET.has(char) ? 2 : 1), 0);
    return { encoding: 'GSM-7', units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}
