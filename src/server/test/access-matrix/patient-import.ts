import type { MatrixEntry } from './helpers';
import { only } from './helpers';

const mapping = ['firstName', 'lastName', 'documentNumber'];
const csv = 'Nombre;Apellidos\r\nSubida;Matriz\r\n';
const multipart = (fileName: string, text: string) =>
  Buffer.concat([
    Buffer.from(
      `--matriz\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from('\r\n--matriz--\r\n'),
  ]);
const headers = { 'content-type': 'multipart/form-data; boundary=matriz' };

/** «Configuración › Importar pacientes» (issue 37, item 3): the desk only. */
export const PATIENT_IMPORT_ROWS: Record<string, MatrixEntry> = {
  // «Exportar toda la clínica» (issue 37, item 4): the whole clinic's data, the desk only.
  'GET /api/clinic-export': { expect: only(['admin']) },
  'GET /api/patient-imports': { expect: only(['admin']), shows: (w) => [w.patientImports.fileName] },
  'POST /api/patient-imports': {
    cases: [
      {
        label: 'a file of patients',
        expect: only(['admin'], 201),
        headers,
        payload: () => multipart('pacientes.csv', csv),
        shows: () => ['pacientes.csv'],
      },
      {
        label: 'a file of future appointments',
        expect: only(['admin'], 201),
        headers,
        query: () => '?target=appointments',
        payload: () => multipart('citas.csv', 'Fecha;Hora;Profesional;DNI\r\n10/01/2030;10:00;Matriz;11111111H\r\n'),
        shows: () => ['citas.csv', 'appointments'],
      },
    ],
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
