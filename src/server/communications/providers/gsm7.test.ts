import { describe, expect, it } from 'vitest';
import { isGsm7, smsSafe, smsShape, toGsm7 } from './gsm7';

describe('GSM-7', () => {
  it('keeps the Spanish letters of the basic set and drops the accent of á í ó ú', () => {
    expect(toGsm7('¿Vendrás el miércoles? Sí, mañana también: Óscar, Ángel, Úrsula, pingüino, él')).toBe(
      '¿Vendras el miércoles? Si, mañana también: Oscar, Angel, Ursula, pingüino, él',
    );
    expect(isGsm7(toGsm7('Clínica «Sol» — cita'))).toBe(true);
    expect(isGsm7('cita á')).toBe(false);
  });

  it('writes other marked letters as their plain letter, and leaves out what has no GSM-7 form (smsSafe)', () => {
    expect(toGsm7('João Gonçalves, Zoë, Łukasz, Çelik, Œuvre')).toBe('Joao GonÇalves, Zoe, Lukasz, Çelik, OEuvre');
    expect(smsSafe('🦷 Clínica  «Sol» 王')).toBe('Clinica "Sol"');
    expect(isGsm7(smsSafe('Ärztin Dr. Ñúñez ☀️ — 123 €'))).toBe(true);
  });

  it('counts segments: 160 in one, 153 each beyond; the extension characters take two; UCS-2 70/67', () => {
    expect(smsShape('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsShape('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsShape('a'.repeat(306)).segments).toBe(2);
    expect(smsShape('a'.repeat(307)).segments).toBe(3);
    expect(smsShape('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsShape('á'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsShape('á'.repeat(71)).segments).toBe(2);
  });
});
