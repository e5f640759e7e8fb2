import type { Tx } from '../platform/db/transaction';
import type { CoreDeps } from '../deps';
import { createConsentSigningService } from '../forms/consents/signing-service';

const DEMO_CONTEXT = {
  via: 'mostrador' as const,
  actor: null,
  ip: '192.168.1.20',
  userAgent: 'Tableta del mostrador (demo)',
};

/**
 * Consents asked and signed in the demo (issue 24), on the infiltrations the plan chose (`planDemo`): the demo
 * paciente signed the one of his latest done and has one pending for his next; today's first two adults' at the
 * traumatologists ask for it too, one signed at the desk's tablet, one pending (its QR code can be shown). Only
 * adults sign for themselves: the plan gives no infiltration to a minor.
 */
export async function seedConsentSignatures(
  tx: Tx,
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  asks: { appointmentId: string; patientId: string; signed: boolean }[],
) {
  const { repos } = deps;
  const services = await repos.clinicServices.list(tx);
  const infiltration = services.find((service) => service.name === 'Infiltración');
  if (!infiltration) return;
  const [versionId] = await repos.consentSigning.versionsForService(infiltration.id, tx);
  if (!versionId) return;
  const signing = createConsentSigningService(deps);
  for (const ask of asks) {
    const [requestId] = (
      await repos.consentSigning.createRequests(ask.appointmentId, ask.patientId, [versionId], tx)
    ).map((request) => request.id);
    if (!ask.signed || !requestId) continue;
    const patient = (await repos.patients.findById(ask.patientId, tx))!;
    const name = `${patient.firstName} ${patient.lastName}`.trim();
    await signing.act(
      requestId,
      'firma',
      {
        signerName: name,
        signerDocument: patient.documentNumber ?? '00000000T',
        asRepresentative: false,
        signature: { method: 'nombre', typedName: name },
      },
      DEMO_CONTEXT,
      tx,
    );
  }
}
