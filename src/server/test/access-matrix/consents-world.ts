import type { TestApp } from '../app';
import { ACTORS, type Actor } from './actors';
import { createConsentLinks } from '../../forms/consents/links';
import { createConsentSigningService } from '../../forms/consents/signing-service';

/**
 * Fixtures of the consent rows: a template on a service of the matrix, to read, version and archive; and consent
 * requests on each side's appointment of today — side A's signed (for its PDF), side B's pending — with links.
 */
export interface ConsentsWorld {
  templateId: string;
  serviceId: string;
  requests: Record<'A' | 'B', string>;
  /** The neutral record's consent, signed. */
  signed: string;
  /** A link to read the neutral signed consent (and download its PDF). */
  readToken: string;
  /** A revocation link of a neutral pending consent (refused: nothing signed to revoke). */
  revokePendingToken: string;
  /** One pending request per actor, each refused once through its own link (of the neutral record). */
  decisionTokens: Record<Actor, string>;
}

const TEXT = {
  serviceIds: [] as string[],
  body: 'Procedimiento de la matriz.',
  consequences: '',
  risks: '- Dolor leve',
  alternatives: '',
};

export async function buildConsentsWorld(
  t: TestApp,
  ids: {
    adminId: string;
    serviceId: string;
    A: { recordId: string; todayId: string };
    B: { recordId: string; todayId: string };
    /** An appointment of the neutral record (nobody's side): what the links show anyone who holds them. */
    neutral: { recordId: string; todayId: string };
  },
): Promise<ConsentsWorld> {
  const { repos } = t.deps;
  const text = { ...TEXT, serviceIds: [ids.serviceId] };
  const { id } = await t.write((tx) =>
    repos.consents.create({ ...text, title: 'Consentimiento de la matriz' }, ids.adminId, tx),
  );
  // A template of its own whose versions the decision rows use: one request (one version) per actor.
  const { id: decisions } = await t.write((tx) =>
    repos.consents.create({ ...text, title: 'Consentimiento de decisiones 0' }, ids.adminId, tx),
  );
  for (let index = 1; index <= ACTORS.length; index++) {
    await t.write((tx) =>
      repos.consents.publish(decisions, { ...text, title: `Consentimiento de decisiones ${index}` }, ids.adminId, tx),
    );
  }
  const template = (await repos.consents.findById(id))!;
  const decisionVersions = (await repos.consents.findById(decisions))!.versions.map((version) => version.id);
  const request = async (side: { recordId: string; todayId: string }, versionId: string) => {
    const [row] = await t.write((tx) =>
      repos.consentSigning.createRequests(side.todayId, side.recordId, [versionId], tx),
    );
    return row!.id;
  };
  const requests = {
    A: await request(ids.A, template.versions[0]!.id),
    B: await request(ids.B, template.versions[0]!.id),
  };
  const signed = await request(ids.neutral, template.versions[0]!.id);
  const decisionRequests = [];
  for (const versionId of decisionVersions) decisionRequests.push(await request(ids.neutral, versionId));
  const pendingToRevoke = decisionRequests.pop()!;

  await createConsentSigningService(t.deps).act(
    signed,
    'firma',
    {
      signerName: 'Paciente de la matriz',
      signerDocument: '12345678Z',
      asRepresentative: false,
      representative: { name: 'Madre de la matriz', document: '87654321X', relationship: 'madre' },
      signature: { method: 'nombre', typedName: 'Paciente de la matriz' },
    },
    { via: 'mostrador', actor: null, ip: '127.0.0.1', userAgent: 'matriz' },
  );

  const links = createConsentLinks(repos.clinic, t.database.db);
  const expiresAt = new Date(Date.UTC(2099, 0, 1));
  const token = (requestId: string, purpose: 'firma' | 'revocacion') =>
    links.tokenFor({ requestId, purpose, via: 'enlace', expiresAt });
  const decisionTokens = {} as Record<Actor, string>;
  for (const [index, actor] of ACTORS.entries()) decisionTokens[actor] = await token(decisionRequests[index]!, 'firma');
  return {
    templateId: id,
    serviceId: ids.serviceId,
    requests,
    signed,
    readToken: await token(signed, 'firma'),
    revokePendingToken: await token(pendingToRevoke, 'revocacion'),
    decisionTokens,
  };
}
