import { randomUUID } from 'node:crypto';
import type { TestApp } from '../app';

export interface MessagesWorld {
  /** The conversation of side A's and side B's paciente, each with a message only that side carries. */
  conversationA: string;
  conversationB: string;
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
  return { conversationA: await write(A, 'A'), conversationB: await write(B, 'B') };
}
