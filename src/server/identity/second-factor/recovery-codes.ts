import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT } from '../../../common/schemas/second-factor';

/**
 * Ten single-use codes of 16 characters from a 31-letter alphabet: about 79 random bits each, so a fast
 * hash (SHA-256) is enough to keep them — nobody can try 2^79 candidates against a stolen table, unlike
 * a password, which needs a slow one (argon2id). docs/decisions/0034-second-factor.md.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 16 }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]);
    return chars.join('').replace(/(.{4})(?!$)/g, '$1-');
  });
}

/** What is stored of a code: the SHA-256 of its 16 characters (lower case, without hyphens or spaces). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}
