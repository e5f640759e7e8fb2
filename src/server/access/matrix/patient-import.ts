import type { MatrixEntry } from './helpers';
import { only } from './helpers';

const mapping = ['firstName', 'lastName', 'documentNumber'];
const csv = 'Nombre;Apellidos\r\nSubida;Matriz\r\n';
const upload = Buffer.concat([
  Buffer.from(
    '--matriz\r\nContent-Disposition: form-data; name="file"; filename="pacientes.csv"\r\nContent-Type: text/csv\r\n\r\n',
  ),
  Buffer.from(csv),
  Buffer.from('\r\n--matriz--\r\n'),
]);

/** «Configuración › Importar pacientes» (issue 37, item 3): the desk only. */
export const PATIENT_IMPORT_ROWS: Record<string, MatrixEntry> = {
  'GET /api/patient-imports': { expect: only(['admin']), shows: (w) => [w.patientImports.fileName] },
  'POST /api/patient-imports': {
    expect: only(['admin'], 201),
    headers: { 'content-type': 'multipart/form-data; boundary=matriz' },
    payload: () => upload,
    shows: () => ['pacientes.csv'],
  },
  'GET /api/patient-imports/:id': {
    expect: only(['admin']),
    params: (w) => ({ id: w.patientImports.uploaded }),
    shows: (w) => [w.patientImports.fileName],
  },
  'POST /api/patient-imports/:id/dry-run': {
    expect: only(['admin']),
    params: (w) => ({ id: w.patientImports.uploaded }),
    payload: () => ({ mapping }),
    shows: () => ['Importada', 'La letra del DNI no corresponde a sus números'],
  },
  'POST /api/patient-imports/:id/start': {
    expect: only(['admin'], 202),
    params: (w) => ({ id: w.patientImports.toStart }),
    payload: () => ({ mapping }),
  },
  'POST /api/patient-imports/:id/undo': {
    expect: only(['admin'], 202),
    params: (w) => ({ id: w.patientImports.done }),
  },
  'GET /api/patient-imports/:id/errors.csv': {
    expect: only(['admin']),
    params: (w) => ({ id: w.patientImports.uploaded }),
    shows: () => ['Mala;Fila;11111111A'],
  },
};
