import { multipartUpload, samplePdf } from '../../clinical/files/sample-files';
import type { TestApp } from '../app';

/** Each side's documents: one visible to the patient, one for staff only; and one to delete per try. */
export interface FileWorld {
  A: { visible: string; hidden: string };
  B: { visible: string; hidden: string };
  toDelete: string;
}

const upload = async (t: TestApp, cookie: string, name: string, fields: Record<string, string>) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/files',
    cookie,
    ...multipartUpload(await samplePdf(name), name, fields),
  });
  if (response.statusCode !== 201) throw new Error(`file ${name} not uploaded: ${response.body}`);
  return response.json().id as string;
};

/** Called from `buildWorld`: the ids and names join each side's secrets, so a leak is caught. */
export async function buildFileWorld(
  t: TestApp,
  adminCookie: string,
  sides: { A: { recordId: string; secrets: string[] }; B: { recordId: string; secrets: string[] } },
): Promise<FileWorld> {
  const side = async (letter: 'A' | 'B') => {
    const { recordId, secrets } = sides[letter];
    const visible = await upload(t, adminCookie, `analitica-visible-${letter}.pdf`, {
      type: 'analisis',
      patientId: recordId,
      visibleToPatient: 'true',
    });
    const hidden = await upload(t, adminCookie, `informe-interno-${letter}.pdf`, {
      type: 'informes',
      patientId: recordId,
    });
    secrets.push(visible, hidden, `analitica-visible-${letter}.pdf`, `informe-interno-${letter}.pdf`);
    return { visible, hidden };
  };
  return {
    A: await side('A'),
    B: await side('B'),
    toDelete: await upload(t, adminCookie, 'borrable.pdf', { type: 'otros' }),
  };
}
