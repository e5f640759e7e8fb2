import { SEES_EVERYTHING } from '../access/visibility';
import { clock } from '../clock';
import type { Tx } from '../db/transaction';
import type { CoreDeps } from '../modules/deps';
import { startOfDay } from '../modules/availability/slots';
import { createConsentSigningService } from '../modules/consents/signing-service';

const DEMO_CONTEXT = {
  via: 'mostrador' as const,
  actor: null,
  ip: '192.168.1.20',
  userAgent: 'Tableta del mostrador (demo)',
};

/**
 * Consents asked and signed in the demo (issue 24): the demo paciente signed the infiltration consent of her latest
 * past visit and has one pending for her next; today's first two visits of the diary ask for it too, one signed at
 * the desk's tablet, one pending (its QR code can be shown).
 */
export async function seedConsentSignatures(tx: Tx, deps: Pick<CoreDeps, 'db' | 'repos'>, recordId: string) {
  const { repos } = deps;
  const services = await repos.clinicServices.list(tx);
  const infiltration = services.find((service) => service.name === 'Infiltración');
  if (!infiltration) return;
  const [versionId] = await repos.consentSigning.versionsForService(infiltration.id, tx);
  if (!versionId) return;
  const signing = createConsentSigningService(deps);
  const now = clock.nowMs();
  const ask = async (appointment: { id: string; patientId: string }) =>
    (await repos.consentSigning.createRequests(appointment.id, appointment.patientId, [versionId], tx))[0]?.id;
  const sign = async (requestId: string | undefined, name: string, document: string) => {
    if (!requestId) return;
    await signing.act(
      requestId,
      'firma',
      {
        signerName: name,
        signerDocument: document,
        asRepresentative: false,
        signature: { method: 'nombre', typedName: name },
      },
      DEMO_CONTEXT,
      tx,
    );
  };

  const reach = repos.appointments.visibleTo(SEES_EVERYTHING);
  const own = (await reach.listRange({ patientId: recordId }, tx)).filter((view) => view.status !== 'cancelada');
  const past = own.filter((view) => view.startsAt.getTime() < now).at(-1);
  const next = own.find((view) => view.startsAt.getTime() > now);
  if (past) await sign(await ask(past), 'Javier Moreno López', '50123456Q');
  if (next) await ask(next);

  const { timeZone } = await repos.clinic.getSettings(tx);
  const today = clock.today(timeZone);
  const todays = (
    await reach.listRange(
      { from: startOfDay(today.toString(), timeZone), to: startOfDay(today.add({ days: 1 }).toString(), timeZone) },
      tx,
    )
  ).filter((view) => view.status !== 'cancelada' && view.patientId !== recordId);
  const [first, second] = todays;
  if (first) {
    await sign(
      await ask(first),
      `${first.patientFirstName} ${first.patientLastName}`.trim(),
      first.patientDocument ?? '00000000T',
    );
  }
  if (second) await ask(second);
}
