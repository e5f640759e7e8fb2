import { describe, expect, it } from 'vitest';
import { INFILTRATION_V1, INFILTRATION_V2, PEELING } from './consents';

/** «usted» forms the demo texts used; the signing form beside them says «Tu firma». */
const USTED = [
  /\bpodrá(?!s)/i,
  /\binforme\b/i,
  /\bllame\b/i,
  /\bacuda\b/i,
  /\bdebe evitar\b/i,
  /\bha tomado\b/i,
  /\bsu (salud|propio)\b/i,
];

describe('the demo consent texts', () => {
  it('speak to the patient as «tú», as the signing form and every other patient text do', () => {
    for (const version of [INFILTRATION_V1, INFILTRATION_V2, PEELING]) {
      const text = [version.body, version.consequences, version.risks, version.alternatives].join('\n');
      for (const form of USTED) expect(text, `${version.title}: ${String(form)}`).not.toMatch(form);
    }
    expect(INFILTRATION_V1.body).toContain('Podrás volver a casa por tu propio pie.');
  });
});
