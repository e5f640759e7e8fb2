import { randomUUID } from 'node:crypto';
import { only, type MatrixEntry } from './helpers';
import type { World } from './world';

const conversations = (w: World) => w.messages;
const message = () => ({ id: randomUUID(), body: 'Hola desde la matriz' });

/**
 * The clinic's inbox is the admins' (with the «sin paciente» replies by phone); a paciente reaches only her own
 * conversation (it has no id to guess).
 */
export const MESSAGES_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/conversations': {
    expect: only(['admin']),
    shows: (w) => [conversations(w).conversationA, conversations(w).conversationB],
  },
  'GET /api/conversations/:id': {
    expect: only(['admin']),
    params: (w) => ({ id: conversations(w).conversationB }),
    shows: (w) => [conversations(w).conversationB],
  },
  'POST /api/conversations/:id/messages': {
    expect: only(['admin'], 201),
    params: (w) => ({ id: conversations(w).conversationA }),
    payload: message,
  },
  'PUT /api/conversations/:id/assignee': {
    expect: only(['admin'], 204),
    params: (w) => ({ id: conversations(w).conversationA }),
    payload: () => ({ assignedTo: null }),
  },
  'GET /api/unmatched-messages': {
    expect: only(['admin']),
    shows: (w) => [conversations(w).unmatchedShown.body],
  },
  'POST /api/unmatched-messages/:id/link': {
    cases: [
      {
        label: 'a reply of nobody, linked to a patient',
        expect: only(['admin']),
        params: (w) => ({ id: conversations(w).unmatchedToLink }),
        payload: (w) => ({ patientId: w.A.recordId }),
      },
      {
        label: 'no such reply',
        expect: only(['admin'], 404),
        params: () => ({ id: randomUUID() }),
        payload: (w) => ({ patientId: w.A.recordId }),
      },
    ],
  },
  'GET /api/me/messages': {
    expect: only(['paciente']),
    shows: (w, actor) => [
      actor === 'pacienteB'
        ? w.B.secrets.find((s) => s.startsWith('Mensaje secreto B'))!
        : w.A.secrets.find((s) => s.startsWith('Mensaje secreto A'))!,
    ],
  },
  'POST /api/me/messages': { expect: only(['paciente'], 201), payload: message },
};
