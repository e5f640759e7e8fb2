/**
 * What «not Spanish» means for e2e/spanish.spec.ts: English UI words, English dates and English numbers in
 * what a user sees or hears (text, `title`, `aria-label`, `placeholder`, `alt`, toasts).
 */

/**
 * Common English UI words and phrases, matched whole-word and case-insensitively. Words that are also Spanish
 * («error», «total», «doctor», «normal», «general», «online», «chat», «menú» without its accent...) are left out:
 * English messages built on them are caught by the phrases («An error occurred», «Something went wrong»).
 */
export const ENGLISH_WORDS = [
  // Actions
  'add',
  'apply',
  'back',
  'cancel',
  'change',
  'choose',
  'clear',
  'click',
  'close',
  'confirm',
  'continue',
  'copy',
  'create',
  'delete',
  'download',
  'edit',
  'filter',
  'hide',
  'log in',
  'log out',
  'login',
  'logout',
  'next',
  'open',
  'previous',
  'print',
  'remove',
  'reply',
  'reset',
  'retry',
  'save',
  'search',
  'select',
  'send',
  'show',
  'sign in',
  'sign out',
  'sign up',
  'submit',
  'undo',
  'update',
  'upload',
  'view',
  // States and messages
  'loading',
  'saving',
  'saved',
  'required',
  'invalid',
  'no results',
  'nothing found',
  'not found',
  'no data',
  'no options',
  'an error occurred',
  'something went wrong',
  'unknown error',
  'network error',
  'please',
  'success',
  'failed',
  'warning',
  'yes',
  'optional',
  'empty',
  'unauthorized',
  'forbidden',
  // Things
  'appointment',
  'appointments',
  'calendar',
  'dashboard',
  'day',
  'days',
  'email',
  'file',
  'files',
  'home',
  'message',
  'messages',
  'month',
  'name',
  'password',
  'patient',
  'patients',
  'page',
  'profile',
  'settings',
  'schedule',
  'today',
  'tomorrow',
  'yesterday',
  'user',
  'users',
  'week',
  'year',
  'date',
  'time',
  'all day',
  'all-day',
  'more',
  'less',
  'phone',
  'address',
  'notes',
  'timed',
  'event',
  'events',
  'list',
  'prev',
  'go to',
  'change view',
  'this week',
  'this month',
  'photo',
  'picture',
  'image',
  'details',
  'status',
  'help',
  'new',
  'cancelled',
  'canceled',
  'confirmed',
  'pending',
  'done',
  // Glue words that Spanish never uses
  'the',
  'and',
  'of',
  'with',
  'your',
  'you',
  'here',
  'from',
  'this',
  'there',
  'are',
  'is not',
];

/** English month and weekday names (abbreviations only where Spanish does not share them: «feb», «sep»...). */
export const ENGLISH_DATE_WORDS = [
  'january',
  'february',
  'march',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'jan',
  'apr',
  'aug',
  'dec',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'mon',
  'tue',
  'tues',
  'wed',
  'thu',
  'thur',
  'thurs',
  'fri',
  'sat',
  'sun',
];

/** Names and brands that stay as they are, and the demo data's own words. */
export const ALLOWED = [
  'WhatsApp',
  'Google Calendar',
  'Apple Calendar',
  'Google',
  'Outlook',
  'Apple',
  'iCloud',
  'iCal',
  'PDF',
  'CSV',
  'DNI',
  'NIE',
  'NIF',
  'CIE-10',
  'RGPD',
  'LOPDGDD',
  'Clínica',
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
/** Whole words in any script: «menú» is not «menu», «Cancelar» is not «cancel». */
const wordsPattern = (words: string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${words.map(escape).join('|')})(?![\\p{L}\\p{N}_-])`, 'giu');

const ENGLISH = wordsPattern(ENGLISH_WORDS);
const ENGLISH_DATES = wordsPattern(ENGLISH_DATE_WORDS);
/** E-mail addresses, web addresses and file names are names, not language. */
const NAMES = new RegExp(
  [
    String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`,
    String.raw`\bhttps?://\S+`,
    // A bare host name, as in «abre calendar.google.com».
    String.raw`\b(?:[a-z0-9-]+\.)+(?:com|es|org|net|io|eu)\b`,
    String.raw`\b[\w-]+\.(?:pdf|png|jpe?g|csv|ics|txt|docx?|webp|heic)\b`,
    // A brand of two words is matched even glued to a neighbour («OutlookApple Calendar», tabs read as one text).
    ...ALLOWED.map((name) => (name.includes(' ') ? escape(name) : `(?<![\\p{L}])${escape(name)}(?![\\p{L}])`)),
  ].join('|'),
  'giu',
);

/** Not es-ES: «03/25/2026» (day in second place), ISO timestamps, «1,234.56», «€12», «12.50 €», «9:30 AM». */
const FORMAT_RULES: { what: string; pattern: RegExp; when?: (match: RegExpExecArray, where: string) => boolean }[] = [
  {
    what: 'fecha MM/DD/AAAA',
    pattern: /(?<!\d)(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?!\d)/g,
    when: (match) => Number(match[2]) > 12 && Number(match[1]) <= 12,
  },
  {
    what: 'fecha ISO',
    pattern: /(?<![\d/.-])\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?(?![\d-])/g,
  },
  {
    // «1,234.56», «1,234 €», «12,345,678», or «1,234» alone in a table cell (Spanish writes «1.234» or «1234»).
    what: 'miles con coma',
    pattern: /(?<![\d.,])\d{1,3}(?:,\d{3})+(\.\d+|\s*€)?(?![\d,])/g,
    when: (match, where) => match[1] !== undefined || /,\d{3},/.test(match[0]) || where.startsWith('celda'),
  },
  { what: 'decimal con punto junto a €', pattern: /(?<![\d.,])\d+\.\d{1,2}\s*€/g },
  // Within one text (a space or a no-break space), not across a table's cells: innerText joins cells with a tab, so
  // «50,00 €» in one column and «0,00 €» in the next read «€\t0».
  { what: '€ delante del importe', pattern: /€[ \u00a0]?\d/g },
  // Not inside a code: a prescription's verification code «3AM4-4XXQ» is no hour.
  { what: 'hora AM/PM', pattern: /\b\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)(?![\p{L}\p{N}])/giu },
];

export interface Finding {
  /** Where it was seen: «texto», «aria-label», «toast»... */
  where: string;
  /** What is wrong: «inglés», «fecha ISO»... */
  what: string;
  /** The offending piece. */
  match: string;
  /** Some text around it. */
  context: string;
}

const around = (text: string, index: number, length: number) =>
  text
    .slice(Math.max(0, index - 40), index + length + 40)
    .replace(/\s+/g, ' ')
    .trim();

/** Every English word, English date or non-es-ES number in `text`. */
export function findNonSpanish(text: string, where: string): Finding[] {
  const findings: Finding[] = [];
  // Names are blanked out (same length, so the context stays readable).
  const cleaned = text.replace(NAMES, (name) => ' '.repeat(name.length));
  for (const [what, pattern] of [
    ['inglés', ENGLISH],
    ['fecha en inglés', ENGLISH_DATES],
  ] as const) {
    for (const match of cleaned.matchAll(pattern)) {
      findings.push({ where, what, match: match[0], context: around(text, match.index, match[0].length) });
    }
  }
  for (const rule of FORMAT_RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      if (rule.when && !rule.when(match as RegExpExecArray, where)) continue;
      findings.push({ where, what: rule.what, match: match[0], context: around(text, match.index, match[0].length) });
    }
  }
  return findings;
}

/** One line per finding, for the failure message. */
export const describeFindings = (findings: Finding[]) =>
  findings.map((finding) => `${finding.where}: ${finding.what} «${finding.match}» en «${finding.context}»`);
