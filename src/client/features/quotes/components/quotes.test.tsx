import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '../../../test/render';
import { MyQuotes } from './my-quotes';
import { PatientQuotes } from './patient-quotes';
import { quoteOf } from './quote-fixtures';
import { QuoteReportPanel } from './quote-report-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const quote = quoteOf;

const accepted = quote({
  id: 'q-2',
  number: 'P-2026-0003',
  state: 'aceptado',
  acceptance: { via: 'firma', signerName: 'Lucía Pérez' },
  progress: { sessionsPlanned: 3, sessionsDone: 1, invoicedCents: 9500, paidCents: 9500, pendingCents: 19000 },
});

describe('«Presupuestos» on the patient’s page', () => {
  it('lists her quotes with what is done, paid and pending, sends one and records a paper acceptance', async () => {
    const { calls } = stubApi((call) => {
      if (call.url === '/api/quotes?patientId=p-lucia') return { status: 200, body: [quote(), accepted] };
      if (call.method === 'POST') return { status: 200, body: quote() };
      return { status: 404, body: {} };
    });
    const { user } = renderScreen(<PatientQuotes patientId="p-lucia" timeZone="Europe/Madrid" />);
    const sent = await screen.findByRole('article', { name: 'Presupuesto P-2026-0007' });
    expect(within(sent).getByText('Enviado')).toBeInTheDocument();
    expect(within(sent).getByText('zona lumbar', { exact: false })).toBeInTheDocument();
    expect(within(sent).getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute('href', '/api/quotes/q-1/pdf');
    const done = screen.getByRole('article', { name: 'Presupuesto P-2026-0003' });
    expect(within(done).getByLabelText('Situación del presupuesto')).toHaveTextContent(
      'Hecho: 1 de 3 sesiones · Facturado: 95,00 € · Pagado: 95,00 € · Pendiente: 190,00 €',
    );
    // A session already invoiced on its own: the whole is not invoiced up front.
    expect(within(done).queryByRole('button', { name: 'Facturar todo por adelantado' })).not.toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: 'Reenviar' })).not.toBeInTheDocument();
    await user.click(within(sent).getByRole('button', { name: 'Reenviar' }));
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/quotes/q-1/send')).toBe(true);
    await user.click(within(sent).getByRole('button', { name: 'Aceptación en papel' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar la aceptación' }));
    const paper = calls.find((call) => call.url === '/api/quotes/q-1/paper-acceptance');
    expect(paper?.body).toMatchObject({ signerName: 'Lucía Pérez' });
  });
});

describe('«Mis presupuestos»', () => {
  it('shows hers but drafts, and «Revisar y firmar» opens the link of a sent one', async () => {
    stubApi((call) => {
      if (call.url === '/api/quotes')
        return {
          status: 200,
          body: [quote(), accepted, quote({ id: 'q-3', number: 'P-2026-0009', state: 'borrador' })],
        };
      if (call.url === '/api/quotes/q-1/link')
        return { status: 200, body: { url: 'http://localhost/presupuesto/abc' } };
      return { status: 404, body: {} };
    });
    const navigate = vi.fn();
    const { user } = renderScreen(<MyQuotes navigate={navigate} />);
    const sent = await screen.findByRole('article', { name: 'Presupuesto P-2026-0007' });
    expect(screen.queryByRole('article', { name: 'Presupuesto P-2026-0009' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Presupuesto P-2026-0003' })).queryByRole('button'),
    ).not.toBeInTheDocument();
    await user.click(within(sent).getByRole('button', { name: 'Revisar y firmar' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('http://localhost/presupuesto/abc'));
  });
});

describe('the acceptance rate', () => {
  it('shows the year by month and by doctor', async () => {
    stubApi(() => ({
      status: 200,
      body: {
        year: 2026,
        months: [
          { month: '2026-03', offered: 4, accepted: 3, rejected: 0, expired: 1, ratePercent: 75, acceptedCents: 90000 },
        ],
        doctors: [
          {
            doctorId: 'd-1',
            doctorName: 'Dra. Carmen Dientes',
            offered: 4,
            accepted: 3,
            rejected: 0,
            expired: 1,
            ratePercent: 75,
            acceptedCents: 90000,
          },
        ],
      },
    }));
    renderScreen(<QuoteReportPanel initialYear={2026} />);
    const byMonth = await screen.findByRole('table', { name: 'Por mes de envío' });
    const march = within(byMonth).getByRole('rowheader', { name: 'marzo de 2026' }).closest('tr')!;
    expect(within(march).getByText('75 %')).toBeInTheDocument();
    expect(within(march).getByText('900,00 €')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Por profesional' })).getByText('Dra. Carmen Dientes'),
    ).toBeInTheDocument();
  });
});
