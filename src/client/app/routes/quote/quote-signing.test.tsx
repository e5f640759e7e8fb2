import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi, fill } from '../../../test/render';
import QuoteSigningPage from './quote-signing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const view = (state: string, extra: Record<string, unknown> = {}) => ({
  id: 'q-1',
  number: 'P-2026-0007',
  patientId: 'p-lucia',
  patientName: 'Lucía Pérez',
  doctorId: null,
  doctorName: null,
  state,
  createdAt: '2026-03-02T09:00:00.000Z',
  validUntil: '2026-04-01',
  discount: null,
  discountCents: 0,
  baseCents: 10000,
  taxCents: 0,
  totalCents: 10000,
  sentAt: '2026-03-02T09:05:00.000Z',
  decidedAt: null,
  acceptance: null,
  upfrontInvoiceNumber: null,
  lines: [],
  progress: { sessionsPlanned: 0, sessionsDone: 0, invoicedCents: 0, paidCents: 0, pendingCents: 0 },
  clinicName: 'Clínica Demo',
  ...extra,
});

describe('the quote’s link', () => {
  it('accepts it with her typed signature, and says so', async () => {
    const { calls } = stubApi((call) =>
      call.method === 'POST'
        ? { status: 200, body: view('aceptado', { acceptance: { via: 'firma', signerName: 'Lucía Pérez' } }) }
        : { status: 200, body: view('enviado') },
    );
    const { user } = renderScreen(<QuoteSigningPage />, { path: '/presupuesto/:token', at: '/presupuesto/tok' });
    expect(
      await screen.findByText(/Aceptar el presupuesto \(válido hasta el 1 de abril de 2026\)/),
    ).toBeInTheDocument();
    await fill(user, screen.getByLabelText(/Número de documento/), '12345678Z');
    await user.click(screen.getByRole('radio', { name: 'Escribir mi nombre' }));
    await fill(user, screen.getByLabelText(/Escribe tu nombre completo como firma/), 'Lucía Pérez');
    await user.click(screen.getByRole('button', { name: 'Acepto el presupuesto' }));
    expect(await screen.findByText(/Has aceptado este presupuesto/)).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/presupuestos/tok/aceptacion');
    expect(post.body).toEqual({
      signerName: 'Lucía Pérez',
      signerDocument: '12345678Z',
      signature: { method: 'nombre', typedName: 'Lucía Pérez' },
    });
  });

  it('shows the server’s refusal of an expired quote in Spanish', async () => {
    stubApi((call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: {
              error: {
                code: 'QUOTE_EXPIRED',
                message:
                  'El presupuesto P-2026-0007 caducó el 01/04/2026: no se puede aceptar. Pide a la clínica uno nuevo.',
              },
            },
          }
        : { status: 200, body: view('enviado') },
    );
    const { user } = renderScreen(<QuoteSigningPage />, { path: '/presupuesto/:token', at: '/presupuesto/tok' });
    await fill(user, await screen.findByLabelText(/Número de documento/), '12345678Z');
    await user.click(screen.getByRole('radio', { name: 'Escribir mi nombre' }));
    await fill(user, screen.getByLabelText(/Escribe tu nombre completo como firma/), 'Lucía Pérez');
    await user.click(screen.getByRole('button', { name: 'Acepto el presupuesto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('caducó el 01/04/2026');
  });

  it('says a forged link is not valid', async () => {
    stubApi(() => ({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Este enlace de presupuesto no es válido.' } },
    }));
    renderScreen(<QuoteSigningPage />, { path: '/presupuesto/:token', at: '/presupuesto/x' });
    expect(await screen.findByText('Este enlace de presupuesto no es válido.')).toBeInTheDocument();
  });
});
