import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Opinion, OpinionRatings } from '../../../../common/schemas/opinions';
import { renderScreen, stubApi } from '../../../test/render';
import { OpinionsView } from './opinions-view';
import { monthsFrom } from './ratings-table';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ratings: OpinionRatings = {
  fromMonth: '2026-01',
  ratings: [
    {
      month: '2026-02',
      doctorId: 'd1',
      doctorName: 'Dra. Sánchez',
      serviceId: 's1',
      serviceName: 'Primera visita',
      answers: 2,
      scoreSum: 9,
    },
    {
      month: '2026-03',
      doctorId: 'd1',
      doctorName: 'Dra. Sánchez',
      serviceId: null,
      serviceName: null,
      answers: 1,
      scoreSum: 4,
    },
    {
      month: '2026-03',
      doctorId: 'd2',
      doctorName: 'Dr. Ruiz',
      serviceId: 's1',
      serviceName: 'Primera visita',
      answers: 1,
      scoreSum: 2,
    },
  ],
};
const opinion = (overrides: Partial<Opinion>): Opinion => ({
  id: 'o1',
  score: 2,
  comment: 'Esperé mucho',
  answeredAt: '2026-03-04T12:00:00.000Z',
  visitStartsAt: '2026-03-03T09:00:00.000Z',
  doctorName: 'Dr. Ruiz',
  serviceName: 'Primera visita',
  patientId: 'p1',
  patientName: 'Ana Pérez García',
  canReply: true,
  replyText: null,
  repliedAt: null,
  repliedByName: null,
  ...overrides,
});
const answered = opinion({ id: 'o1' });
const replied = opinion({
  id: 'o2',
  score: 5,
  comment: 'Muy bien',
  patientName: 'Pedro Gil',
  patientId: 'p2',
  replyText: 'Gracias, Pedro',
  repliedAt: '2026-03-05T10:00:00.000Z',
  repliedByName: 'Marta Recepción',
});
const noEmail = opinion({
  id: 'o3',
  score: 4,
  comment: '',
  patientName: 'Luis Mora',
  patientId: 'p3',
  canReply: false,
});

function show() {
  const state = { items: [answered, replied, noEmail] };
  const { calls } = stubApi((call) => {
    if (call.url === '/api/public/clinic') return { status: 200, body: { timeZone: 'Europe/Madrid' } };
    if (call.url.startsWith('/api/opinions/ratings')) return { status: 200, body: ratings };
    if (call.method === 'POST') {
      const done = {
        ...answered,
        replyText: (call.body as { message: string }).message,
        repliedAt: '2026-03-10T11:00:00.000Z',
        repliedByName: 'Marta Recepción',
      };
      state.items = [done, replied, noEmail];
      return { status: 200, body: done };
    }
    return { status: 200, body: { items: state.items, total: state.items.length } };
  });
  return { calls, ...renderScreen(<OpinionsView patientHref={(id) => `/admin/pacientes/${id}`} />) };
}

describe('«Opiniones»', () => {
  it('shows the average by doctor or by service for each month, with the number of answers', async () => {
    const { user } = show();
    const table = await screen.findByRole('table', { name: /Media de las puntuaciones/ });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(
      within(row('Dra. Sánchez'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['—', '4,5 (2)', '4 (1)', '—', '—', '—']);
    expect(within(row('Dr. Ruiz')).getAllByRole('cell')[2]).toHaveTextContent('2 (1)');
    await user.click(screen.getByRole('radio', { name: 'Por servicio' }));
    expect(
      within(row('Primera visita'))
        .getAllByRole('cell')
        .slice(1, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['4,5 (2)', '2 (1)']);
    expect(within(row('Sin servicio')).getAllByRole('cell')[2]).toHaveTextContent('4 (1)');
  });

  it('lists the answers with the visit’s date, doctor and service, and replies once by e-mail', async () => {
    const { user, calls } = show();
    const first = await screen.findByRole('article', { name: 'Opinión de Ana Pérez García' });
    expect(within(first).getByText('«Esperé mucho»')).toBeInTheDocument();
    expect(within(first).getByText('Visita del 3 de marzo de 2026 · Dr. Ruiz · Primera visita')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Ana Pérez García' })).toHaveAttribute(
      'href',
      '/admin/pacientes/p1',
    );
    const second = screen.getByRole('article', { name: 'Opinión de Pedro Gil' });
    expect(within(second).getByText('Gracias, Pedro')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Responder por correo' })).not.toBeInTheDocument();
    const third = screen.getByRole('article', { name: 'Opinión de Luis Mora' });
    expect(within(third).getByText('Sin comentario')).toBeInTheDocument();
    expect(within(third).getByText(/Sin correo electrónico en su ficha/)).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Responder por correo' }));
    const send = within(first).getByRole('button', { name: 'Enviar respuesta' });
    expect(send).toBeDisabled();
    await user.type(within(first).getByRole('textbox', { name: 'Respuesta a Ana Pérez García' }), 'Lo sentimos, Ana.');
    await user.click(send);
    expect(
      await within(await screen.findByRole('article', { name: 'Opinión de Ana Pérez García' })).findByText(
        'Lo sentimos, Ana.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/opinions/o1/reply', body: { message: 'Lo sentimos, Ana.' } },
    ]);
  });

  it('counts the months across a year’s end', () => {
    expect(monthsFrom('2025-11', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
