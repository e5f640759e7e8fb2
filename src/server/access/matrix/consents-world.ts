import type { TestApp } from '../../test/app';

/** Fixtures of the consent-template rows: a template on a service of the matrix, to read, version and archive. */
export interface ConsentsWorld {
  templateId: string;
  serviceId: string;
}

export async function buildConsentsWorld(
  t: TestApp,
  ids: { adminId: string; serviceId: string },
): Promise<ConsentsWorld> {
  const { id } = await t.write((tx) =>
    t.deps.repos.consents.create(
      {
        title: 'Consentimiento de la matriz',
        serviceIds: [ids.serviceId],
        body: 'Procedimiento de la matriz.',
        consequences: '',
        risks: '- Dolor leve',
        alternatives: '',
      },
      ids.adminId,
      tx,
    ),
  );
  return { templateId: id, serviceId: ids.serviceId };
}
