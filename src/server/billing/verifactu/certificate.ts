import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import tls from 'node:tls';
import { toInstant } from '../../platform';

/** What the configured VERI*FACTU certificate is, read as the sender reads it (`aeat-client.ts`). */
export type CertificateInspection =
  | { status: 'absent' }
  | { status: 'unusable'; reason: string }
  | { status: 'loaded'; holder: string; nif: string | null; validTo: Date };

const NIF = /\b([0-9XYZ]\d{7}[A-Z]|[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J])\b/;

/** The subject's NIF: `serialNumber=IDCES-…` (a person), `organizationIdentifier=VATES-…` (an entity), or the CN's. */
function nifOf(subject: string): string | null {
  const fields = Object.fromEntries(
    subject.split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  for (const value of [fields.organizationIdentifier, fields.serialNumber, fields.CN]) {
    const match = value && NIF.exec(value.toUpperCase());
    if (match) return match[1]!;
  }
  return null;
}

/**
 * Opens the PKCS#12 file with its password and reads its certificate's holder and expiry; the reason in Spanish
 * when it cannot be read or opened (never the password).
 */
export function inspectCertificate(certificate?: { path: string; password: string }): CertificateInspection {
  if (!certificate) return { status: 'absent' };
  let pfx: Buffer;
  try {
    pfx = fs.readFileSync(certificate.path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason = code === 'ENOENT' ? 'el archivo no existe' : `no se puede leer el archivo (${code ?? 'error'})`;
    return { status: 'unusable', reason };
  }
  let context: tls.SecureContext;
  try {
    context = tls.createSecureContext({ pfx, passphrase: certificate.password });
  } catch {
    return { status: 'unusable', reason: 'no se abre con la contraseña configurada o no es un certificado .p12/.pfx' };
  }
  // Node's secure context keeps the certificate it loaded (DER); X509Certificate reads its subject and dates.
  const der = (context.context as { getCertificate?: () => Buffer | null }).getCertificate?.();
  if (!der) return { status: 'unusable', reason: 'el archivo no contiene ningún certificado' };
  const x509 = new X509Certificate(der);
  const commonName = /(?:^|\n)CN=([^\n]*)/.exec(x509.subject)?.[1] ?? x509.subject;
  return { status: 'loaded', holder: commonName, nif: nifOf(x509.subject), validTo: toInstant(x509.validToDate) };
}

/** The NIF the configured certificate's holder has, as the sender is entitled by it; null without one or when unread. */
export function certificateHolderNif(certificate?: { path: string; password: string }): string | null {
  const inspection = inspectCertificate(certificate);
  return inspection.status === 'loaded' ? inspection.nif : null;
}
