import { eq } from 'drizzle-orm';
import { doctors } from '../../platform/db/schema';
import { createQuotesService } from '../../billing/quotes/service';
import type { TestApp } from '../app';
import { insertAppointment } from '../fixtures';
import { ACTORS, type Actor } from './actors';

/**
 * Presupuestos of the matrix (issue 36, item 2): a sent quote of each side (doctor A's of patient A, doctor B's of
 * patient B), quotes of the neutral patient (nobody's side) for the desk to accept on paper, refuse, plan and invoice, and one sent quote per
 * actor to accept through its link.
 */
export interface QuotesWorld {
  A: { id: string; number: string };
  B: { id: string; number: string };
  /** A draft of each side (doctor A's of patient A, doctor B's of patient B), to change. */
  drafts: { A: string; B: string };
  toPaper: string;
  toReject: string;
  accepted: { id: string; lineId: string; appointmentId: string };
  toInvoice: string;
  /** The link of a sent quote of the neutral patient. */
  readToken: { token: string; number: string };
  acceptTokens: Record<Actor, string>;
}

export async function buildQuotesWorld(
  t: TestApp,
  ids: {
    adminId: string;
    recordA: string;
    recordB: string;
    neutral: string;
    doctorA: string;
    doctorB: string;
    doctorC: string;
  },
): Promise<QuotesWorld> {
  const service = createQuotesService(t.deps);
  const context = { actor: { id: ids.adminId, role: 'admin' as const }, ip: '127.0.0.1' };
  const [doctor] = await t.database.db.select().from(doctors).where(eq(doctors.id, ids.doctorA));
  const serviceId = await t.write((tx) =>
    t.deps.repos.clinicServices.create(
      {
        name: 'Tratamiento de la matriz',
        specialtyId: doctor!.specialtyId,
        doctorIds: [],
        durationMinutes: 30,
        priceCents: 6000,
        vat: 'exenta',
        bookableOnline: false,
        active: true,
        note: '',
      },
      tx,
    ),
  );
  const quote = async (patientId: string, doctorId: string | null, sent = true) => {
    const made = await service.create(
      { patientId, doctorId, lines: [{ serviceId, quantity: 2, detail: 'zona lumbar' }], notes: '' },
      doctorId,
      context,
    );
    if (sent) await service.send(made.id, context);
    return made;
  };
  const paper = async (id: string) =>
    service.acceptOnPaper(id, { signerName: 'Paciente de la matriz', signedOn: '2030-01-07' }, context);
  const A = await quote(ids.recordA, ids.doctorA);
  const B = await quote(ids.recordB, ids.doctorB);
  const accepted = await quote(ids.neutral, null);
  await paper(accepted.id);
  const toInvoice = await quote(ids.neutral, null);
  await paper(toInvoice.id);
  const visit = await insertAppointment(t, {
    patientId: ids.neutral,
    doctorId: ids.doctorC,
    startsAt: new Date('2030-03-04T12:00:00+01:00'),
  });
  // Another of hers, never linked: the desk's list of appointments a session may take is never empty.
  await insertAppointment(t, {
    patientId: ids.neutral,
    doctorId: ids.doctorC,
    startsAt: new Date('2030-03-11T12:00:00+01:00'),
  });
  const acceptTokens = {} as Record<Actor, string>;
  for (const actor of ACTORS) acceptTokens[actor] = await service.links.tokenFor((await quote(ids.neutral, null)).id);
  const read = await quote(ids.neutral, null);
  const found = await t.deps.repos.quotes.findById(accepted.id);
  return {
    A,
    B,
    drafts: {
      A: (await quote(ids.recordA, ids.doctorA, false)).id,
      B: (await quote(ids.recordB, ids.doctorB, false)).id,
    },
    toPaper: (await quote(ids.neutral, null)).id,
    toReject: (await quote(ids.neutral, null)).id,
    accepted: { id: accepted.id, lineId: found!.lines[0]!.id, appointmentId: visit.id },
    toInvoice: toInvoice.id,
    readToken: { token: await service.links.tokenFor(read.id), number: read.number },
    acceptTokens,
  };
}
