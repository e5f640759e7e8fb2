import { startTestAeatServer, type TestAeatServer } from './aeat-server';
import { buildTestApp, type TestApp } from './app';
import { makeTestCertificates, type TestCertificates } from './tls';

export interface AeatTestBed {
  t: TestApp;
  aeat: TestAeatServer;
  certs: TestCertificates;
  close: () => Promise<void>;
}

/**
 * An app whose VERI*FACTU records go to our local AEAT server (mutual TLS with throwaway certificates), with the
 * clinic's issuer data set: what the sending tests share.
 */
export async function buildAeatTestBed(issuer: {
  issuerLegalName: string;
  issuerNif: string;
  issuerAddress: string;
  issuerRegistry: string;
}): Promise<AeatTestBed> {
  const certs = makeTestCertificates();
  const aeat = await startTestAeatServer({ key: certs.serverKey, cert: certs.serverCert, ca: certs.ca });
  const t = await buildTestApp({
    config: {
      verifactu: {
        endpoint: aeat.url,
        certificate: { path: certs.clientP12Path, password: certs.clientPassword },
        caPath: certs.caPath,
      },
    },
  });
  await t.write((tx) => t.deps.repos.clinic.updateSettings(issuer, tx));
  return {
    t,
    aeat,
    certs,
    close: async () => {
      await t.close();
      await aeat.close();
      certs.remove();
    },
  };
}
