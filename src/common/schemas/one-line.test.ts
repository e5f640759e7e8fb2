import { describe, expect, it } from 'vitest';
import { displayNameSchema } from './auth';
import { patientFieldsSchema } from './patients';
import { taskFieldsSchema } from './tasks';

describe('one-line fields', () => {
  it('fold CR, LF and tabs of names and task titles into single spaces, then trim', () => {
    expect(displayNameSchema.parse('  Ana\r\nMaría\rLópez\t ')).toBe('Ana María López');
    expect(patientFieldsSchema.shape.firstName.parse('Solo\rATTENDEE:x')).toBe('Solo ATTENDEE:x');
    expect(patientFieldsSchema.shape.lastName.parse('García\n\nLópez')).toBe('García López');
    expect(taskFieldsSchema.shape.title.parse('Llamar\r\na Ana')).toBe('Llamar a Ana');
  });

  it('still refuses what is empty once folded', () => {
    expect(patientFieldsSchema.shape.firstName.safeParse('\r\n').success).toBe(false);
  });
});
