import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encrypts the authenticator apps' secrets at rest (AES-256-GCM). The key is the operator's
 * `SECRETS_KEY` (`env:` in front of what is stored) or, without it, one the server keeps in the database
 * (`db:`), so that a zero-setup installation also stores none in clear. Only `SECRETS_KEY` keeps a copy of
 * the database (or a backup) from opening them: docs/decisions/0034-second-factor.md.
 */
export interface SecretBox {
  seal(plain: string): Promise<string>;
  /** The plain secret, or null when it cannot be opened (another key, a damaged value). */
  open(sealed: string): Promise<string | null>;
}

type KeyName = 'env' | 'db';

export function createSecretBox(keys: { env?: Buffer; db: () => Promise<Buffer> }): SecretBox {
  const keyOf = async (name: KeyName) => (name === 'env' ? keys.env : await keys.db());
  return {
    async seal(plain) {
      const name: KeyName = keys.env ? 'env' : 'db';
      const key = (await keyOf(name))!;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${name}:${[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')}`;
    },
    async open(sealed) {
      const match = /^(env|db):([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(sealed);
      if (!match) return null;
      const key = await keyOf(match[1] as KeyName);
      if (!key) return null;
      try {
        const [iv, tag, data] = match.slice(2).map((part) => Buffer.from(part, 'base64url'));
        const decipher = createDecipheriv('aes-256-gcm', key, iv!);
        decipher.setAuthTag(tag!);
        return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
