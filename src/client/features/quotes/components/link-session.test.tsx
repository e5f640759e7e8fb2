import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '../../../test/render';
import { MyQuotes } from './my-quotes';
import { PatientQuotes } from './patient-quotes';
import { quoteOf } from './quote-fixtures';
import { QuoteSessionOffer, sessionOffers } from './quote-session-offer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = {
  appointmentId: 'a-linked',
  startsAt: '2026-03-09T09:00:00.000Z',
  status: 'atendida',
  invoiceNumber: null,
};
const accepted = quoteOf({
  id: 'q-3',
  number: 'P-2026-0003',
  state: 'aceptado',
  acceptance: { via: 'papel', signerName: 'Lucía Pérez' },
  lines: [{ ...quoteOf().lines[0]!, sessions: [session], done: 1 }],
  progress: { sessionsPlanned: 3, sessionsDone: 1, invoicedCents: 9500, paidCents: 9500, pendingCents: 19000 },
});
const linkable = [
  // A Saturday morning and a month's last evening; one of another service, which this line does not take.
  {
    id: 'a-sat',
    startsAt: '2026-03-14T09:30:00.000Z',
    status: 'confirmada',
    serviceId: null,
    serviceName: null,
    doctorName: 'Dra. Carmen Dientes',
  },
  {
    id: 'a-eve',
    startsAt: '2026-03-31T17:30:00.000Z',
    status: 'confirmada',
    serviceId: 's-fisio',
    serviceName: 'Sesión de fisioterapia',
    doctorName: 'Dra. Carmen Dientes',
  },
  {
    id: 'a-other',
    startsAt: '2026-03-20T10:00:00.000Z',
    status: 'confirmada',
    serviceId: 's-empaste',
    serviceName: 'Empaste',
    doctorName: 'Dr. Otro',
  },
];
const refusal = {
  status: 400,
  body: {
    error: { code: 'VALIDATION', message: 'Revisa los datos', fields: { appointmentId: 'La cita ya está facturada' } },
  },
};

describe('«Vincular cita» on the desk’s quote card', () => {
  it('lists the appointments the line may take, shows the server’s refusal in Spanish, then links one', async () => {
    let refused = false;
    const { calls } = stubApi((call) => {
      if (call.url === '/api/quotes?patientId=p-lucia') return { status: 200, body: [accepted] };
      if (call.url === '/api/quotes/q-3/appointments') return { status: 200, body: linkable };
      if (call.url === '/api/quotes/q-3/sessions') {
        if (!refused) return ((refused = true), refusal);
        return { status: 200, body: accepted };
      }
      return { status: 404, body: {} };
    });
    const { user } = renderScreen(<PatientQuotes patientId="p-lucia" timeZone="Europe/Madrid" />);
    const card = await screen.findByRole('article', { name: 'Presupuesto P-2026-0003' });
    await user.click(within(card).getByRole('button', { name: 'Vincular cita' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vincular una cita a «Sesión de fisioterapia»' });
    expect(within(dialog).getByText(/1 de 3 sesiones con cita; quedan 2/)).toBeInTheDocument();
    const options = await within(dialog).findAllByRole('radio');
    expect(options).toHaveLength(2); // not the appointment of «Empaste»
    expect(
      within(dialog).getByRole('radio', { name: /sábado, 14 de marzo de 2026.*10:30.*sin servicio/ }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /31 de marzo de 2026.*19:30/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Vincular' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('La cita ya está facturada');
    await user.click(within(dialog).getByRole('button', { name: 'Vincular' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = calls.filter((call) => call.url === '/api/quotes/q-3/sessions');
    expect(posts.at(-1)?.body).toEqual({ lineId: 'l-1', appointmentId: 'a-eve' });
  });

  it('is not offered on a quote not accepted, nor on a line whose sessions all have their appointment', async () => {
    const full = quoteOf({
      ...accepted,
      id: 'q-4',
      number: 'P-2026-0004',
      lines: [{ ...accepted.lines[0]!, quantity: 1 }],
    });
    stubApi(() => ({ status: 200, body: [quoteOf(), full] }));
    renderScreen(<PatientQuotes patientId="p-lucia" timeZone="Europe/Madrid" />);
    await screen.findByRole('article', { name: 'Presupuesto P-2026-0004' });
    expect(screen.queryByRole('button', { name: 'Vincular cita' })).not.toBeInTheDocument();
  });
});

describe('«Vincular al presupuesto» in an opened appointment', () => {
  const visit = { id: 'a-eve', patientId: 'p-lucia', status: 'confirmada', serviceId: 's-fisio' };

  it('offers the lines the visit fits, with sessions left', () => {
    expect(sessionOffers([accepted], visit)).toHaveLength(1);
    expect(sessionOffers([accepted], { ...visit, serviceId: 's-empaste' })).toHaveLength(0);
    expect(sessionOffers([accepted], { ...visit, serviceId: null })).toHaveLength(1);
    expect(sessionOffers([accepted], { ...visit, status: 'cancelada' })).toHaveLength(0);
    expect(sessionOffers([quoteOf()], visit)).toHaveLength(0); // sent, not accepted
  });

  it('links it, shows a refusal, and names the quote of a visit that is already a session', async () => {
    let refused = false;
    const { calls } = stubApi((call) => {
      if (call.url === '/api/quotes?patientId=p-lucia') return { status: 200, body: [accepted] };
      if (!refused) return ((refused = true), refusal);
      return { status: 200, body: accepted };
    });
    const { user } = renderScreen(<QuoteSessionOffer appointment={visit} />);
    const button = await screen.findByRole('button', { name: 'Vincular al presupuesto P-2026-0003' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('La cita ya está facturada');
    await user.click(button);
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'POST').at(-1)).toMatchObject({
      url: '/api/quotes/q-3/sessions',
      body: { lineId: 'l-1', appointmentId: 'a-eve' },
    });
    cleanup();
    renderScreen(<QuoteSessionOffer appointment={{ ...visit, id: 'a-linked' }} />);
    expect(await screen.findByText('Sesión del presupuesto P-2026-0003')).toBeInTheDocument();
  });
});

describe('«Mis presupuestos»', () => {
  it('shows her what is done, paid and pending of an accepted quote', async () => {
    stubApi(() => ({ status: 200, body: [accepted] }));
    renderScreen(<MyQuotes />);
    const card = await screen.findByRole('article', { name: 'Presupuesto P-2026-0003' });
    expect(within(card).getByLabelText('Situación del presupuesto')).toHaveTextContent(
      'Hecho: 1 de 3 sesiones · Facturado: 95,00 € · Pagado: 95,00 € · Pendiente: 190,00 €',
    );
    expect(within(card).getByText('1/3')).toBeInTheDocument();
  });
});
