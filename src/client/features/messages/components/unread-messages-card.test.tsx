import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { UnreadMessagesCard } from './unread-messages-card';

afterEach(cleanup);

describe('the paciente dashboard card «Mensajes»', () => {
  it('counts the clinic replies not read yet and links to the conversation', async () => {
    renderScreen(<UnreadMessagesCard unread={2} />);
    expect(await screen.findByRole('region', { name: 'Mensajes' })).toHaveTextContent(
      '2 mensajes nuevos de la clínica',
    );
    expect(screen.getByRole('link', { name: 'Leer los mensajes' })).toHaveAttribute('href', '/pacientes/mensajes');
  });

  it('says there is nothing new, and offers to write', async () => {
    renderScreen(<UnreadMessagesCard unread={0} />);
    expect(await screen.findByText('No tienes mensajes nuevos de la clínica.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escribir a la clínica' })).toHaveAttribute('href', '/pacientes/mensajes');
  });
});
