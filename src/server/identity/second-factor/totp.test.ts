import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { createSecretBox } from './secret-box';
import { matchingStep, totpCode, totpStep, totpUri } from './totp';

// RFC 6238, appendix B: the SHA-1 seed «12345678901234567890» (ASCII) and its 8-digit codes.
const RFC_SEED = '12345678901234567890';
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
const rfcSecret = Secret.fromLatin1(RFC_SEED).base32;

describe('TOTP (RFC 6238)', () => {
  it('computes the RFC test vectors through the library', () => {
    for (const [seconds, expected] of RFC_VECTORS) {
      const code = TOTP.generate({
        secret: Secret.fromLatin1(RFC_SEED),
        algorithm: 'SHA1',
        digits: 8,
        period: 30,
        timestamp: seconds * 1000,
      });
      expect(code, `T = ${seconds}`).toBe(expected);
    }
  });

  it('gives the apps their six digits: the last six of the RFC vectors', () => {
    for (const [seconds, expected] of RFC_VECTORS) {
      expect(totpCode(rfcSecret, seconds * 1000), `T = ${seconds}`).toBe(expected.slice(-6));
    }
  });

  it('accepts a code one step early or late, and refuses two steps either way', () => {
    const secret = rfcSecret;
    const now = Date.UTC(2030, 0, 7, 9, 0, 10);
    const step = totpStep(now);
    expect(matchingStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchingStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    // Five distinct codes at this instant (fixed secret and time), so a refusal is not a coincidence.
    const codes = [-2, -1, 0, 1, 2].map((offset) => totpCode(secret, now + offset * 30_000));
    expect(new Set(codes).size).toBe(5);
    expect(matchingStep(secret, codes[0]!, now)).toBeNull();
    expect(matchingStep(secret, codes[4]!, now)).toBeNull();
  });

  it('writes the otpauth:// link apps read, with the clinic as issuer', () => {
    const uri = totpUri('JBSWY3DPEHPK3PXP', 'Clínica Sol', 'ana@prueba.test');
    expect(uri).toBe(
      'otpauth://totp/Cl%C3%ADnica%20Sol:ana%40prueba.test?issuer=Cl%C3%ADnica%20Sol&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('recovery codes', () => {
  it('makes ten distinct codes of 16 characters in groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{4}(-[a-hj-km-np-z2-9]{4}){3}$/);
  });

  it('hashes a code however it is typed (case, hyphens, spaces)', () => {
    expect(hashRecoveryCode('abcd-efgh-jkmn-pqrs')).toBe(hashRecoveryCode(' ABCD EFGH jkmn-PQRS '));
    expect(hashRecoveryCode('abcd-efgh-jkmn-pqrs')).not.toBe(hashRecoveryCode('abcd-efgh-jkmn-pqrt'));
  });
});

describe('secret box', () => {
  const key = Buffer.alloc(32, 7);
  it('stores a secret encrypted and opens it with the same key only', async () => {
    const box = createSecretBox({ env: key, db: async () => Buffer.alloc(32, 1) });
    const sealed = await box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^env:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    const other = createSecretBox({ env: Buffer.alloc(32, 8), db: async () => Buffer.alloc(32, 1) });
    expect(await other.open(sealed)).toBeNull();
  });

  it('uses the key kept in the database when the operator set none', async () => {
    const box = createSecretBox({ db: async () => Buffer.alloc(32, 1) });
    const sealed = await box.seal('secreto');
    expect(sealed).toMatch(/^db:/);
    expect(await box.open(sealed)).toBe('secreto');
    const [iv, tag, data] = sealed.slice(3).split('.');
    const otherTag = (tag![0] === 'A' ? 'B' : 'A') + tag!.slice(1);
    expect(await box.open(`db:${iv}.${otherTag}.${data}`)).toBeNull();
  });
});
