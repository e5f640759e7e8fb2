import { describe, expect, it } from 'vitest';
import { allergyConflicts, duplicationWarnings } from './allergies';

const kinds = (allergies: string, medicines: string[]) =>
  allergyConflicts(allergies, medicines).map(({ index, allergy, kind }) => [index, allergy, kind]);

describe('allergy conflicts of a prescription', () => {
  it('a penicillin allergy catches amoxicillin, with or without clavulanic acid, ignoring case and accents', () => {
    expect(kinds('Penicilina', ['Amoxicilina 500 mg cápsulas'])).toEqual([[0, 'Penicilina', 'familia']]);
    expect(kinds('PENICILINAS', ['Amoxicilina/Ácido clavulánico 875/125 mg comprimidos'])).toEqual([
      [0, 'PENICILINAS', 'familia'],
    ]);
    expect(kinds('alergia a la penicilina', ['Cloxacilina 500 mg'])).toEqual([
      [0, 'alergia a la penicilina', 'familia'],
    ]);
    const [conflict] = allergyConflicts('Penicilina', ['Amoxicilina 500 mg cápsulas']);
    expect(conflict!.message).toBe(
      'Amoxicilina 500 mg cápsulas: amoxicilina es de las penicilinas, alergia registrada «Penicilina».',
    );
  });

  it('an allergy to one member reaches its whole family, and the very ingredient is named as such', () => {
    expect(kinds('Amoxicilina', ['Ampicilina 1 g'])).toEqual([[0, 'Amoxicilina', 'familia']]);
    expect(kinds('amoxicilina', ['AMOXICILINA 1 g sobres'])).toEqual([[0, 'amoxicilina', 'principio-activo']]);
    expect(kinds('Ibuprofeno', ['Dexketoprofeno 25 mg', 'Paracetamol 1 g'])).toEqual([[0, 'Ibuprofeno', 'familia']]);
    expect(kinds('AINE', ['Ácido acetilsalicílico 500 mg', 'Metamizol 575 mg cápsulas', 'Naproxeno 550 mg'])).toEqual([
      [0, 'AINE', 'familia'],
      [1, 'AINE', 'familia'],
      [2, 'AINE', 'familia'],
    ]);
    expect(kinds('Pirazolonas', ['Metamizol 575 mg'])).toEqual([[0, 'Pirazolonas', 'familia']]);
    expect(kinds('Codeína', ['Tramadol 50 mg'])).toEqual([[0, 'Codeína', 'familia']]);
    expect(kinds('sulfamidas', ['Sulfametoxazol/trimetoprim 800/160 mg'])).toEqual([[0, 'sulfamidas', 'familia']]);
    expect(kinds('Macrólidos', ['Azitromicina 500 mg'])).toEqual([[0, 'Macrólidos', 'familia']]);
    expect(kinds('Quinolonas', ['Levofloxacino 500 mg'])).toEqual([[0, 'Quinolonas', 'familia']]);
    expect(kinds('Tetraciclinas', ['Doxiciclina 100 mg'])).toEqual([[0, 'Tetraciclinas', 'familia']]);
  });

  it('cephalosporins with a penicillin allergy: a cross-reactivity warning', () => {
    const [conflict] = allergyConflicts('Penicilina', ['Cefuroxima 500 mg']);
    expect(conflict).toMatchObject({ kind: 'reactividad-cruzada', allergy: 'Penicilina' });
    expect(conflict!.message).toContain('posible reactividad cruzada con las penicilinas');
  });

  it('each item of a list of allergies; an ingredient outside the table caught when named literally', () => {
    expect(
      kinds('Látex, paracetamol y AINE', ['Paracetamol 1 g comprimidos', 'Omeprazol 20 mg', 'Ibuprofeno 600 mg']),
    ).toEqual([
      [0, 'paracetamol', 'principio-activo'],
      [2, 'AINE', 'familia'],
    ]);
  });

  it('no conflict for unrelated medicines, an empty text or «no conocidas»', () => {
    expect(allergyConflicts('Penicilina', ['Paracetamol 1 g', 'Azitromicina 500 mg'])).toEqual([]);
    expect(allergyConflicts('', ['Amoxicilina 500 mg'])).toEqual([]);
    expect(allergyConflicts('No conocidas', ['Amoxicilina 500 mg'])).toEqual([]);
    expect(allergyConflicts('NAMC', ['Ibuprofeno 600 mg'])).toEqual([]);
    expect(allergyConflicts('Penicilina', ['  '])).toEqual([]);
  });
});

describe('duplications', () => {
  it('two AINE in one prescription, or one beside an active prescription', () => {
    expect(duplicationWarnings(['Ibuprofeno 600 mg', 'Naproxeno 550 mg']).map((warning) => warning.family)).toEqual([
      'aine',
    ]);
    expect(duplicationWarnings(['Dexketoprofeno 25 mg'], ['Ibuprofeno 600 mg comprimidos'])[0]!.message).toBe(
      'Dos medicamentos de los AINE (antiinflamatorios no esteroideos) a la vez: Dexketoprofeno 25 mg, Ibuprofeno 600 mg comprimidos (receta activa).',
    );
    expect(duplicationWarnings(['Ibuprofeno 600 mg', 'Paracetamol 1 g'], ['Omeprazol 20 mg'])).toEqual([]);
    // Only what is being prescribed raises it: two active ones alone are not this form's business.
    expect(duplicationWarnings(['Paracetamol 1 g'], ['Ibuprofeno 600 mg', 'Naproxeno 550 mg'])).toEqual([]);
  });
});
