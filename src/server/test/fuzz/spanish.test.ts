import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../../../common/zod-es';
import * as catalogue from '../../../common/messages';
import { ENGLISH_DEFAULTS, errorBodyProblem, messageProblem, pageProblem } from './spanish';
import { shortLinkPage } from '../../communications/short-links/page';

/** Every string of the message catalogue, however deep. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

describe('the Spanish detector of the fuzz tests', () => {
  it('accepts every message of the catalogue', () => {
    const texts = stringsOf(catalogue);
    expect(texts.length).toBeGreaterThan(40);
    for (const text of texts) expect(messageProblem(text), text).toBeNull();
  });

  it("accepts zod's messages in the Spanish locale the server configures", () => {
    const schema = z
      .object({
        a: z.string(),
        b: z.number().int(),
        c: z.enum(['x', 'y']),
        d: z.uuid(),
        e: z.array(z.string()).max(1),
        f: z.iso.date(),
      })
      .strict();
    const issues = schema.safeParse({ a: 1, b: 'x', c: 'z', d: 'no', e: ['a', 'b'], f: 'x', extra: 1 }).error!.issues;
    expect(issues.length).toBe(7);
    // An unknown field is named as the client sent it: its name is not our wording.
    expect(messageProblem('Campo no permitido: key')).toBeNull();
    expect(messageProblem('Campos no permitidos: the, body')).toBeNull();
    for (const issue of issues) expect(messageProblem(issue.message), issue.message).toBeNull();
  });

  it('refuses the English defaults of Fastify and zod, and English sentences', () => {
    for (const english of [
      ...ENGLISH_DEFAULTS,
      'Invalid input: expected string, received number',
      "body must have required property 'email'",
      'Unexpected end of JSON input',
    ]) {
      expect(messageProblem(english), english).not.toBeNull();
    }
    expect(messageProblem('')).not.toBeNull();
    expect(messageProblem(undefined)).not.toBeNull();
  });

  it('checks the shape of an error answer', () => {
    const ok = JSON.stringify({
      error: {
        code: 'VALIDATION',
        message: 'Revisa los datos enviados.',
        fields: { email: 'Introduce un correo válido' },
      },
    });
    expect(errorBodyProblem(ok, 'application/json; charset=utf-8')).toBeNull();
    expect(errorBodyProblem(ok, 'text/html')).toMatch(/not JSON/);
    expect(errorBodyProblem(JSON.stringify({ message: 'Revisa los datos enviados.' }), 'application/json')).toMatch(
      /no \{ error \}/,
    );
    expect(errorBodyProblem(JSON.stringify({ error: { code: 'NOPE', message: 'Hola' } }), 'application/json')).toMatch(
      /catalogue/,
    );
    expect(
      errorBodyProblem(
        JSON.stringify({ error: { code: 'VALIDATION', message: 'Hola', fields: { a: 'Required' } } }),
        'application/json',
      ),
    ).toMatch(/field a/);
    expect(
      errorBodyProblem(
        JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'body must be object' }),
        'application/json',
      ),
    ).not.toBeNull();
  });

  it('checks the page a route outside the API answers (the short links’)', () => {
    const clinic = { name: 'Clínica Sol', phone: '+34 910 000 000' };
    for (const state of ['unknown', 'expired'] as const) {
      expect(pageProblem(shortLinkPage(state, clinic), 'text/html; charset=utf-8')).toBeNull();
    }
    expect(pageProblem('<html lang="en"><p>Hola</p></html>', 'text/html')).toMatch(/not marked Spanish/);
    expect(pageProblem('<html lang="es"><h1>Not Found</h1></html>', 'text/html')).toMatch(/English/);
    expect(pageProblem('<html lang="es"></html>', 'text/html')).toMatch(/says nothing/);
    // A limit or a malformed address answers JSON: the catalogue's rules.
    expect(pageProblem(JSON.stringify({ message: 'x' }), 'application/json')).toMatch(/no \{ error \}/);
  });
});
