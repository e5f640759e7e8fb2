import { createHash, randomBytes } from 'node:crypto';

/** A random secret for the client (256 bits) and the hash we store in its place. */
export function newSecretToken(): { token: string; id: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, id: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
