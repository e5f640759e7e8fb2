import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '../../../test/render';
import { UnmatchedList } from './unmatched-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REPLY = {
  id: 'i-1',
  channel: 'sms',
  fromNumber: '+34699000111',
  body: 'Hola, soy Marta',
  receivedAt: '2026-03-23T08:05:00Z',
};

describe('«Sin paciente»', () => {
  it('lists the replies of no patient and links one to the patient the desk chooses', async () => {
    const linked: unknown[] = [];
    stubApi((call) => {
      if (call.url === '/api/unmatched-messages/i-1/link') {
        linked.push(call.body);
        return { status: 200, body: { conversationId: 'c-9' } };
      }
      return { status: 200, body: { messages: linked.length ? [] : [REPLY] } };
    });
    const onLinked = vi.fn();
    const { user } = renderScreen(
      <UnmatchedList
        patientField={(value, onChange) => (
          <button type="button" onClick={() => onChange('p-7')}>
            {value ? 'Marta elegida' : 'Elegir a Marta'}
          </button>
        )}
        onLinked={onLinked}
      />,
    );
    const item = await screen.findByRole('listitem', { name: 'SMS del +34699000111' });
    expect(item).toHaveTextContent('Hola, soy Marta');
    await user.click(screen.getByRole('button', { name: 'Vincular a un paciente' }));
    expect(screen.getByRole('button', { name: 'Vincular' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Elegir a Marta' }));
    await user.click(screen.getByRole('button', { name: 'Vincular' }));
    await vi.waitFor(() => expect(onLinked).toHaveBeenCalledWith('c-9'));
    expect(linked).toEqual([{ patientId: 'p-7' }]);
  });

  it('shows nothing while no reply waits', async () => {
    let asked = 0;
    stubApi(() => {
      asked++;
      return { status: 200, body: { messages: [] } };
    });
    renderScreen(<UnmatchedList patientField={() => null} onLinked={() => {}} />);
    await vi.waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByText('Sin paciente')).toBeNull();
  });
});
