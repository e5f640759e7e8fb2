import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary } from '../../../../common/schemas/messages';
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
        ? { status: 200, body: { conversation: summary({}), messages: [] } }
        : { status: 200, body: { conversations: [], totalUnread: 0, staff: [] } },
    );
    renderScreen(<StaffConversation id="c-1" />);
    expect(await screen.findByRole('link', { name: 'Abrir la ficha de Cristina Alonso' })).toHaveAttribute(
      'href',
      '/admin/pacientes/p-1',
    );
  });
});
