import { ERROR_CODES } from '../../../common/messages';

/**
 * Tells an API error answer that a Spanish reader understands from one that leaks a library's
 * English default («Bad Request», «Invalid input», «body must be object»…).
 *
 * Two checks: the answer has the catalogue's shape (`{ error: { code, message, fields? } }`, `code`
 * one of `ERROR_CODES`), and no text in it holds a common English word. The word list leaves out
 * words Spanish shares (`no`, `a`, `error`, `total`, `media`): a false alarm would be worse than
 * useless. Technical tokens the Spanish messages name on purpose (UUID, ISO, JSON, PDF) are not words.
 */
const ENGLISH_WORDS = new Set(
  `the be is are was were must should have does not cannot can't invalid expected required
  received string object array boolean number integer bad request found input property properties
  too big small large characters character unauthorized forbidden payload body unsupported content
  missing field fields with of and or to for internal server match matches pattern format value
  values please unexpected token reached end failed allowed greater less than equal least most many
  requests only empty unknown key keys this that from type at in on by an`
    .split(/\s+/)
    .filter(Boolean),
);

/** The English defaults of Fastify and zod seen in the wild, matched whole (case ignored). */
export const ENGLISH_DEFAULTS = [
  'Bad Request',
  'Invalid input',
  'Expected string',
  'Required',
  'body must be object',
  'Not Found',
  'Unauthorized',
  'Forbidden',
  'Internal Server Error',
  'Unsupported Media Type',
  'Payload Too Large',
  'Too Many Requests',
];

/**
 * Messages that name what the client sent (`Campo no permitido: <name>`): the names are the client's
 * words, not ours, so only the text before them is read.
 */
const ECHOES = [/^(Campos? no permitidos?):.*$/s];

/** The English words of `text` (empty when it reads as Spanish). */
export function englishWordsIn(text: string): string[] {
  const own = ECHOES.reduce((result, echo) => result.replace(echo, '$1'), text);
  const words = own.toLowerCase().match(/[a-záéíóúüñ']+/g) ?? [];
  return words.filter((word) => ENGLISH_WORDS.has(word));
}

/** What is wrong with one message a user may see: null when it is fine. */
export function messageProblem(message: unknown): string | null {
  if (typeof message !== 'string' || message.trim() === '') return `no message: ${JSON.stringify(message)}`;
  if (ENGLISH_DEFAULTS.some((english) => english.toLowerCase() === message.trim().toLowerCase()))
    return `English default «${message}»`;
  const english = englishWordsIn(message);
  if (english.length > 0) return `English words (${english.join(', ')}) in «${message}»`;
  return null;
}

/** What is wrong with the body of a 4xx answer: null when it is a Spanish error of the catalogue. */
export function errorBodyProblem(body: string, contentType: string): string | null {
  if (!contentType.startsWith('application/json'))
    return `not JSON (${contentType || 'no content-type'}): ${body.slice(0, 120)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `invalid JSON: ${body.slice(0, 120)}`;
  }
  const error = (parsed as { error?: unknown } | null)?.error as
    | { code?: unknown; message?: unknown; fields?: unknown }
    | undefined;
  if (!error || typeof error !== 'object') return `no { error } member: ${body.slice(0, 200)}`;
  if (typeof error.code !== 'string' || !(error.code in ERROR_CODES))
    return `code ${JSON.stringify(error.code)} is not in the catalogue`;
  const problem = messageProblem(error.message);
  if (problem) return problem;
  if (error.fields !== undefined) {
    if (!error.fields || typeof error.fields !== 'object')
      return `fields is not an object: ${JSON.stringify(error.fields)}`;
    for (const [field, text] of Object.entries(error.fields)) {
      const fieldProblem = messageProblem(text);
      if (fieldProblem) return `field ${field}: ${fieldProblem}`;
    }
  }
  return null;
}

/**
 * What is wrong with a 4xx answer of a route outside the API (the short links, `/r/<code>`, answer pages for people
 * who tapped a link): null when it is a page in Spanish — `lang="es"`, every heading and paragraph Spanish — or,
 * when it is JSON (a limit reached, a malformed address), a Spanish error of the catalogue.
 */
export function pageProblem(body: string, contentType: string): string | null {
  if (!contentType.startsWith('text/html')) return errorBodyProblem(body, contentType);
  if (!body.includes('<html lang="es">')) return `a page not marked Spanish: ${body.slice(0, 120)}`;
  const texts = [...body.matchAll(/<(h1|p)>([\s\S]*?)<\/\1>/g)].map((match) => match[2]!.replace(/<[^>]+>/g, ''));
  if (texts.length === 0) return `a page that says nothing: ${body.slice(0, 120)}`;
  for (const text of texts) {
    const problem = messageProblem(text);
    if (problem) return `page: ${problem}`;
  }
  return null;
}
