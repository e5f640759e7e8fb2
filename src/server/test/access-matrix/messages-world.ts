import { randomUUID } from 'node:crypto';
import type { TestApp } from '../app';

export interface MessagesWorld {
  /** The conversation of side A's and side B's paciente, each with a message only that side carries. */
  conversationA: string;
  conversationB: string;
  /** Two replies by SMS from a number of nobody (the «sin paciente» list): one listed, one for the desk to link. */
  unmatchedShown: { id: string; body: string };
  unmatchedToLink: string;
}

interface SideWithCookie {
  cookie: string;
  recordId: string;
  secrets: string[];
}

/** Each side's paciente writes to the clinic; the message and the conversation become that side's secrets. */
export async function buildMessagesWorld(t: TestApp, A: SideWithCookie, B: SideWithCookie): Promise<MessagesWorld> {
  const write = async (side: SideWithCookie, label: string) => {
    const body = `Mensaje secreto ${label} ${randomUUID()}`;
    const sent = await t.request({
      method: 'POST',
      url: '/api/me/messages',
      cookie: side.cookie,
      payload: { id: randomUUID(), body },
    });
    if (sent.statusCode !== 201)
      throw new Error(`matrix world: message of side ${label} not sent (${sent.statusCode})`);
    const conversationId = await t.write((tx) => t.deps.repos.messages.ensureForPatient(side.recordId, tx));
    side.secrets.push(body, conversationId);
    return conversationId;
  };
  const unmatched = async (label: string) => {
    const body = `Respuesta sin paciente ${label} ${randomUUID()}`;
    const id = await t.write((tx) =>
      t.deps.repos.inboundMessages.insert(
        {
          channel: 'sms',
          providerMessageId: `SM${randomUUID().replaceAll('-', '')}`,
          fromNumber: '+34699000111',
          body,
          receivedAt: new Date(),
          patientId: null,
          appointmentId: null,
          outcome: 'inbox',
          messageId: null,
        },
        tx,
      ),
    );
    return { id: id!, body };
  };
  return {
    conversationA: await write(A, 'A'),
    conversationB: await write(B, 'B'),
    unmatchedShown: await unmatched('listada'),
    unmatchedToLink: (await unmatched('por vincular')).id,
  };
}
