import { describe, expect, it } from 'vitest';
import { BEFORE_REVIEW, FIRST_VISIT } from './questionnaires';

describe('the demo questionnaires’ introductions', () => {
  it('promises no privacy the clinic does not keep, and leaves saving to the form (which says it once)', () => {
    // The review's said «Tus respuestas solo las ve tu médico» while the desk reads them too (issue 38, item 6).
    for (const questionnaire of [FIRST_VISIT, BEFORE_REVIEW]) {
      expect(questionnaire.intro).not.toMatch(/solo las ve/i);
      expect(questionnaire.intro).not.toMatch(/guardan/i);
    }
  });
});
