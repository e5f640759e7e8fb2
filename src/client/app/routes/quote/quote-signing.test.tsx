import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi, fill } from '../../../test/render';
import { EMBEDDED_ANSWER_KEY } from '../../../../common/initial-state';
import QuoteSigningPage from './quote-signing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const view = (state: string, extra: Record<string, unknown> = {}) => ({
  number: 'P-2026-0007',
  patientName: 'Lucía Pérez',
  doctorName: null,
  state,
  validUntil: '2026-04-01',
  totalCents: 10000,
  acceptance: null,
  upfrontInvoiceNumber: null,
  lines: [{ position: 1, description: 'Limpieza', detail: '', quantity: 2, done: 0, baseCents: 10000, taxCents: 0 }],
  progress: { sessionsPlanned: 2, sessionsDone: 0, invoicedCents: 0, paidCents: 0, pendingCents: 0 },
  clinicName: 'Clínica Demo',
  ...extra,
});

/** Her signature's form opens at «Firmar el presupuesto». */
async function openSignature(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Firmar el presupuesto' }));
}

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
    await openSignature(user);
    await fill(user, await screen.findByLabelText(/Número de documento/), '12345678Z');
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
    await openSignature(user);
    await fill(user, await screen.findByLabelText(/Número de documento/), '12345678Z');
    await user.click(screen.getByRole('radio', { name: 'Escribir mi nombre' }));
    await fill(user, screen.getByLabelText(/Escribe tu nombre completo como firma/), 'Lucía Pérez');
    await user.click(screen.getByRole('button', { name: 'Acepto el presupuesto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('caducó el 01/04/2026');
  });

  it('draws the quote the server embedded in the page without asking for it, and its signature only at «Firmar»', async () => {
    const { calls } = stubApi(() => ({ status: 500, body: {} }));
    const { user } = renderScreen(<QuoteSigningPage />, {
      path: '/presupuesto/:token',
      at: '/presupuesto/tok',
      seed: (client) =>
        client.setQueryData(EMBEDDED_ANSWER_KEY, { api: '/api/presupuestos/tok', status: 200, body: view('enviado') }),
    });
    // Drawn at once, as the server drew it: no «Cargando», no request.
    expect(screen.getByRole('article', { name: 'Presupuesto P-2026-0007' })).toHaveTextContent('Limpieza');
    expect(screen.getByText('Clínica Demo · para Lucía Pérez')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Número de documento/)).not.toBeInTheDocument();
    await openSignature(user);
    expect(await screen.findByLabelText(/Nombre y apellidos/)).toHaveValue('Lucía Pérez');
    expect(screen.getByRole('group', { name: 'Tu aceptación del presupuesto' })).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('draws the refusal the server embedded for a link that is not valid, without asking again', async () => {
    const { calls } = stubApi(() => ({ status: 500, body: {} }));
    renderScreen(<QuoteSigningPage />, {
      path: '/presupuesto/:token',
      at: '/presupuesto/x',
      seed: (client) =>
        client.setQueryData(EMBEDDED_ANSWER_KEY, {
          api: '/api/presupuestos/x',
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: 'Este enlace de presupuesto no es válido.' } },
        }),
    });
    expect(screen.getByText('Enlace no válido')).toBeInTheDocument();
    expect(screen.getByText('Este enlace de presupuesto no es válido.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
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
