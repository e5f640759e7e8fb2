import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary, Message, ReplyChannels } from '../../../../common/schemas/messages';
import { renderScreen, stubApi } from '../../../test/render';
import { fixClock } from '../../../test/clock';
import { formatInboxTime, InboxList } from './inbox-list';
import { StaffConversation } from './staff-conversation';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = (changes: Partial<ConversationSummary>): ConversationSummary => ({
  id: 'c-1',
  patientId: 'p-1',
  patientName: 'Cristina Alonso',
  patientEmail: 'cristina@example.com',
  assignedTo: null,
  lastMessageAt: '2026-03-23T08:05:00Z',
  lastMessage: '¿Puedo cambiar la cita?',
  unread: 1,
  ...changes,
});

const NO_PHONE: ReplyChannels = {
  sms: { available: false, to: null },
  whatsapp: { available: false, to: null, openUntil: null },
};

const message = (changes: Partial<Message>): Message => ({
  id: 'm-1',
  side: 'patient',
  authorName: 'Cristina Alonso',
  body: 'Hola',
  createdAt: '2026-03-23T08:05:00Z',
  readAt: null,
  channel: null,
  appointment: null,
  rule: null,
  delivery: null,
  ...changes,
});

describe('the inbox', () => {
  it("shows when each conversation last wrote, in the clinic's zone: the time today, the day before", () => {
    fixClock('2026-03-23T18:30:00Z');
    expect(formatInboxTime('2026-03-23T08:05:00Z', 'Europe/Madrid')).toBe('09:05');
    expect(formatInboxTime('2026-03-20T16:45:00Z', 'Europe/Madrid')).toBe('vie, 20 mar, 17:45');
    // 23:30 UTC is already the next day in Madrid.
    expect(formatInboxTime('2026-03-22T23:30:00Z', 'Europe/Madrid')).toBe('00:30');
    // Past midnight in Madrid (23:00 UTC before the clocks change), that message is of yesterday: its day shows.
    fixClock('2026-03-23T23:30:00Z');
    expect(formatInboxTime('2026-03-23T08:05:00Z', 'Europe/Madrid')).toBe('lun, 23 mar, 09:05');
  });

  it('lists each conversation with the time of its last message', async () => {
    stubApi(() => ({ status: 200, body: { conversations: [summary({})], totalUnread: 1, staff: [] } }));
    fixClock('2026-03-23T18:30:00Z');
    renderScreen(<InboxList selected={null} onSelect={() => {}} timeZone="Europe/Madrid" />);
    const list = await screen.findByRole('list', { name: 'Conversaciones' });
    const time = await within(list).findByText('09:05');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-03-23T08:05:00Z');
  });

  it("links an open conversation to the patient's chart", async () => {
    stubApi((call) =>
      call.url.startsWith('/api/conversations/c-1')
        ? { status: 200, body: { conversation: summary({}), messages: [], replyChannels: NO_PHONE } }
        : { status: 200, body: { conversations: [], totalUnread: 0, staff: [] } },
    );
    renderScreen(<StaffConversation id="c-1" />);
    expect(await screen.findByRole('link', { name: 'Abrir la ficha de Cristina Alonso' })).toHaveAttribute(
      'href',
      '/admin/pacientes/p-1',
    );
  });

  it('shows a reply by SMS with its channel, the rule it applied and its appointment; ours with its delivery; and answers by SMS', async () => {
    const sent: unknown[] = [];
    stubApi((call) => {
      if (call.url === '/api/conversations/c-1/messages') {
        sent.push(call.body);
        return { status: 201, body: message({ id: 'm-3', side: 'staff', body: 'De nada', channel: 'sms' }) };
      }
      return call.url.startsWith('/api/conversations/c-1')
        ? {
            status: 200,
            body: {
              conversation: summary({}),
              messages: [
                message({
                  body: 'NO',
                  channel: 'sms',
                  rule: 'declined',
                  appointment: { id: 'a-1', startsAt: '2026-03-25T09:00:00Z', status: 'cancelada' },
                }),
                message({
                  id: 'm-2',
                  side: 'staff',
                  authorName: 'Clínica',
                  body: 'Hemos cancelado tu cita',
                  channel: 'sms',
                  delivery: 'read',
                }),
              ],
              replyChannels: {
                sms: { available: true, to: '+34600111222' },
                whatsapp: { available: false, to: '+34600111222', openUntil: null },
              },
            },
          }
        : { status: 200, body: { conversations: [], totalUnread: 0, staff: [] } };
    });
    const { user } = renderScreen(<StaffConversation id="c-1" />);
    const log = await screen.findByRole('log', { name: 'Mensajes de la conversación' });
    expect(within(log).getByText('Canceló por SMS')).toBeVisible();
    expect(within(log).getByText('Cita del mié, 25 mar, 10:00')).toBeVisible();
    expect(within(log).getByText('Leído')).toBeVisible();
    // Her last message came by SMS: the reply goes by SMS unless the desk says otherwise; WhatsApp's window is closed.
    expect(screen.getByRole('radio', { name: 'SMS' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'WhatsApp' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Respuesta' }), 'De nada');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await vi.waitFor(() => expect(sent).toMatchObject([{ body: 'De nada', via: 'sms' }]));
  });
});
