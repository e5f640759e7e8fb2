import { hashToken } from '../../identity/auth/tokens';
import type { TestApp } from '../app';

/** Fixtures of the waiting-list rows: an entry per side, one each to retire, and an offer link. */
export interface WaitingListWorld {
  entryA: string;
  entryB: string;
  /** Paciente A's entry that she leaves from her area; the desk's entry it takes off the list. */
  myRetireA: string;
  staffRetire: string;
  offerToken: string;
}

const OFFER_TOKEN = 'oferta-de-la-matriz-de-accesos-0123456789abcdef';

export async function buildWaitingListWorld(
  t: TestApp,
  ids: { doctorA: string; doctorB: string; doctorC: string; recordA: string; recordB: string; neutral: string },
): Promise<WaitingListWorld> {
  const entry = async (patientId: string, doctorId: string, fromDate = '2030-01-08') =>
    (
      await t.write((tx) =>
        t.deps.repos.waitingList.create(
          {
            patientId,
            doctorId,
            fromDate,
            toDate: '2030-01-31',
            channel: 'mostrador',
          },
          tx,
        ),
      )
    ).id;
  const entryA = await entry(ids.recordA, ids.doctorA);
  await t.write((tx) =>
    t.deps.repos.waitingList.insertOffer(
      {
        entryId: entryA,
        doctorId: ids.doctorA,
        startsAt: new Date('2030-01-09T08:00:00Z'),
        endsAt: new Date('2030-01-09T08:30:00Z'),
        tokenHash: hashToken(OFFER_TOKEN),
        expiresAt: new Date('2030-01-09T08:00:00Z'),
      },
      tx,
    ),
  );
  return {
    entryA,
    entryB: await entry(ids.recordB, ids.doctorB),
    myRetireA: await entry(ids.recordA, ids.doctorB),
    staffRetire: await entry(ids.neutral, ids.doctorB),
    offerToken: OFFER_TOKEN,
  };
}
