import type { TestApp } from '../../test/app';

/** Imports of patients (issue 37, item 3): one uploaded (to map, run dry and start) and one done (to undo). */
export interface PatientImportWorld {
  uploaded: string;
  toStart: string;
  done: string;
  fileName: string;
}

const CSV = Buffer.from('Nombre;Apellidos;DNI\r\nImportada;Matriz;11111111H\r\nMala;Fila;11111111A\r\n', 'utf8');

export async function buildPatientImportWorld(t: TestApp, adminId: string): Promise<PatientImportWorld> {
  const upload = (fileName: string) => t.deps.patientImports.upload({ fileName, content: CSV, actorId: adminId });
  const uploaded = await upload('importacion-matriz.csv');
  const toStart = await upload('importacion-por-lanzar.csv');
  const done = await upload('importacion-hecha.csv');
  await t.deps.patientImports.start(done.id, { mapping: done.mapping, choices: {}, defaultChoice: null });
  await t.deps.patientImports.runPending();
  return { uploaded: uploaded.id, toStart: toStart.id, done: done.id, fileName: uploaded.fileName };
}
