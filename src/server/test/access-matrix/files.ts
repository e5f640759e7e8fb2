import { multipartUpload } from '../../clinical/files/sample-files';
import { mine, only, theirs, type MatrixEntry } from './helpers';
import type { Actor, World } from './world';

const own = (w: World, actor: Actor) => (actor === 'admin' ? w.files.A : actor.endsWith('B') ? w.files.B : w.files.A);
const other = (w: World, actor: Actor) => (actor === 'admin' ? w.files.B : actor.endsWith('B') ? w.files.A : w.files.B);
let uploads = 0;

export const FILE_ROWS: Record<string, MatrixEntry> = {
  'GET /api/files': {
    cases: [
      {
        label: 'everything the actor may see',
        expect: only(['admin', 'doctor', 'paciente']),
        query: () => '?pageSize=100',
        shows: (w, actor) =>
          actor === 'admin'
            ? [w.files.A.hidden, w.files.B.hidden]
            : actor.startsWith('paciente')
              ? [own(w, actor).visible]
              : [own(w, actor).visible, own(w, actor).hidden],
      },
      {
        label: 'the files of one patient',
        expect: { visitor: 401, pacienteA: 200, pacienteB: 200, doctorA: 200, doctorB: 200, admin: 200 },
        query: (w, actor) => `?patientId=${mine(w, actor).recordId}`,
        shows: (w, actor) => [own(w, actor).visible],
      },
      {
        label: "another side's patient is a 404",
        expect: { visitor: 401, pacienteA: 404, pacienteB: 404, doctorA: 404, doctorB: 404, admin: 200 },
        query: (w, actor) => `?patientId=${theirs(w, actor).recordId}`,
      },
    ],
  },
  'POST /api/files': {
    cases: [
      {
        label: "to the actor's own patient",
        expect: only(['admin', 'doctor'], 201),
        payload: (w, actor) =>
          multipartUpload(Buffer.from('%PDF-1.4\n%%EOF\n'), `matriz-${++uploads}.pdf`, {
            type: 'otros',
            patientId: mine(w, actor).recordId,
          }).payload,
        headers: multipartUpload(Buffer.alloc(0), 'x', {}).headers,
      },
    ],
  },
  'GET /api/files/:id/content': {
    cases: [
      {
        label: 'a file the patient may see',
        expect: only(['admin', 'doctor', 'paciente']),
        params: (w, actor) => ({ id: own(w, actor).visible }),
      },
      {
        label: 'a file for staff only',
        expect: { visitor: 401, pacienteA: 404, pacienteB: 404, doctorA: 200, doctorB: 200, admin: 200 },
        params: (w, actor) => ({ id: own(w, actor).hidden }),
      },
      {
        label: "the other side's file",
        expect: { visitor: 401, pacienteA: 404, pacienteB: 404, doctorA: 404, doctorB: 404, admin: 200 },
        params: (w, actor) => ({ id: other(w, actor).visible }),
      },
    ],
  },
  'DELETE /api/files/:id': {
    expect: only(['admin'], 204),
    params: (w) => ({ id: w.files.toDelete }),
  },
};
