import type { Actor } from './actors';
import { everyone, only, type MatrixEntry } from './helpers';
import type { World } from './world';

const own = (w: World, actor: Actor) =>
  actor === 'pacienteA' ? [w.waitingList.entryA] : actor === 'pacienteB' ? [w.waitingList.entryB] : [];
const wish = (w: World, from: string, to: string) => ({ doctorId: w.doctorC, fromDate: from, toDate: to });

/** The desk manages the whole list; a paciente her own entries; anyone joins from the booking page or opens an offer. */
export const WAITING_LIST_ROWS: Record<string, MatrixEntry> = {
  'GET /api/waiting-list': {
    expect: only(['admin']),
    shows: (w, actor) => (actor === 'admin' ? [w.waitingList.entryA, w.waitingList.entryB] : []),
  },
  'POST /api/waiting-list': {
    expect: only(['admin'], 201),
    payload: (w) => ({ ...wish(w, '2030-01-14', '2030-01-18'), patientId: w.neutralRecordId }),
  },
  'DELETE /api/waiting-list/:id': { expect: only(['admin']), params: (w) => ({ id: w.waitingList.staffRetire }) },
  'GET /api/me/waiting-list': { expect: only(['paciente']), shows: own },
  'POST /api/me/waiting-list': { expect: only(['paciente'], 201), payload: (w) => wish(w, '2030-01-10', '2030-01-13') },
  'DELETE /api/me/waiting-list/:id': {
    label: 'paciente A leaves her own entry; B does not find it',
    expect: { visitor: 401, pacienteA: 200, pacienteB: 404, doctorA: 403, doctorB: 403, admin: 403 },
    params: (w) => ({ id: w.waitingList.myRetireA }),
  },
  'POST /api/public/waiting-list': {
    expect: everyone(201),
    payload: (w, actor) => ({
      ...wish(w, '2030-01-20', '2030-01-25'),
      firstName: 'Espera',
      lastName: `De ${actor}`,
      email: `espera-${actor}@matriz.test`,
      phone: '+34 699 000 001',
      acceptPrivacy: true,
    }),
  },
  'GET /api/public/waiting-list/offers/:token': {
    expect: everyone(200),
    params: (w) => ({ token: w.waitingList.offerToken }),
  },
  'POST /api/public/waiting-list/offers/:token/accept': {
    label: 'an unknown token is refused to anyone',
    expect: everyone(404),
    params: () => ({ token: 'x'.repeat(43) }),
  },
};
