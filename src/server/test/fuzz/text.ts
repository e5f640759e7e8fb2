import fc from 'fast-check';

/** What goes in a request besides method and URL. */
export interface FuzzBody {
  payload?: string | Buffer;
  contentType?: string;
  /** How it was made, for the failure message. */
  kind: string;
}

/** Text meant to break things: control characters, SQL, paths, markup, emoji, RTL, odd spaces. */
export const nastyText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\u0000abc',
  "'; DROP TABLE patients; --",
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '%00',
  '%',
  '\\',
  '"',
  '{{7*7}}',
  '${7*7}',
  '👩‍⚕️💉🏥',
  'مرحبا بالعالم',
  '\u202Eevil',
  '\uFEFF\u200B',
  'ǅ̵̡̛̗̬̲̈́',
  '\uD800',
  'NaN',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '1e308',
  '2030-02-30',
  '2030-13-01T25:61:00Z',
  '0000-01-01',
  '9999-12-31T23:59:59.999Z',
  '__proto__',
  'constructor',
);
