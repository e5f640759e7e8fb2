import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A test certificate authority, a server certificate for 127.0.0.1 and a client certificate as PKCS#12. */
export interface TestCertificates {
  dir: string;
  caPath: string;
  ca: Buffer;
  serverKey: Buffer;
  serverCert: Buffer;
  /** The client's PKCS#12 file (what VERIFACTU_CERT_PATH names) and its password. */
  clientP12Path: string;
  clientPassword: string;
  /** A certificate of another authority, which the server must refuse. */
  strangerP12Path: string;
  remove(): void;
}

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

/**
 * Made with the `openssl` command (Node's crypto cannot issue X.509 certificates), in a temporary folder: P-256
 * keys, valid for two days. The client's subject names a NIF, as the AEAT's certificates do.
 */
export function makeTestCertificates(): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-aeat-tls-'));
  const key = (name: string) => openssl(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', name], dir);
  const authority = (name: string, subject: string) => {
    key(`${name}.key`);
    openssl(
      ['req', '-x509', '-new', '-key', `${name}.key`, '-out', `${name}.crt`, '-days', '2', '-subj', subject],
      dir,
    );
  };
  const issue = (name: string, subject: string, ca: string, extensions: string) => {
    key(`${name}.key`);
    openssl(['req', '-new', '-key', `${name}.key`, '-out', `${name}.csr`, '-subj', subject], dir);
    fs.writeFileSync(path.join(dir, `${name}.ext`), extensions);
    openssl(
      [
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        `${ca}.crt`,
        '-CAkey',
        `${ca}.key`,
        '-CAcreateserial',
        '-out',
        `${name}.crt`,
        '-days',
        '2',
        '-extfile',
        `${name}.ext`,
      ],
      dir,
    );
  };
  const clientPassword = 'clave-del-certificado';
  const p12 = (name: string) =>
    openssl(
      [
        'pkcs12',
        '-export',
        '-inkey',
        `${name}.key`,
        '-in',
        `${name}.crt`,
        '-out',
        `${name}.p12`,
        '-passout',
        `pass:${clientPassword}`,
      ],
      dir,
    );
  authority('ca', '/CN=AEAT de pruebas de Clinica');
  authority('stranger-ca', '/CN=Otra autoridad');
  issue('server', '/CN=localhost', 'ca', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  issue('client', '/CN=B12345674 Clinica de pruebas', 'ca', 'extendedKeyUsage=clientAuth\n');
  issue('stranger', '/CN=B12345674 Clinica de pruebas', 'stranger-ca', 'extendedKeyUsage=clientAuth\n');
  p12('client');
  p12('stranger');
  const read = (name: string) => fs.readFileSync(path.join(dir, name));
  return {
    dir,
    caPath: path.join(dir, 'ca.crt'),
    ca: read('ca.crt'),
    serverKey: read('server.key'),
    serverCert: read('server.crt'),
    clientP12Path: path.join(dir, 'client.p12'),
    clientPassword,
    strangerP12Path: path.join(dir, 'stranger.p12'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
