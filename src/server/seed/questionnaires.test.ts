import { describe, expect, it } from 'vitest';
import { FIRST_VISIT } from './questionnaires';

describe('the demo questionnaire’s introduction', () => {
  it('promises no privacy the clinic does not keep, and leaves saving to the form (which says it once)', () => {
    expect(FIRST_VISIT.intro).not.toMatch(/solo las ve/i);
    expect(FIRST_VISIT.intro).not.toMatch(/guardan/i);
  });
});
