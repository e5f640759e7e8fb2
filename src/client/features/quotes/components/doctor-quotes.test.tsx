import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill, renderScreen, stubApi } from '../../../test/render';
import { PatientQuotes } from './patient-quotes';
import { quoteOf, services } from './quote-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const draft = quoteOf({ id: 'q-9', number: 'P-2026-0009', state: 'borrador', sentAt: null, notes: 'Primera fase' });
const accepted = quoteOf({
  id: 'q-3',
  number: 'P-2026-0003',
  state: 'aceptado',
  acceptance: { via: 'firma', signerName: 'Lucía Pérez' },
});

/** The doctor's «Presupuestos» on her patient's chart (`manage` false: 'manage:quotes' is the desk's). */
describe('«Presupuestos» on the doctor’s chart', () => {
  it('makes a quote from the services, with teeth and sessions per line, and shows the server’s refusal', async () => {
    let refuse = true;
    const { calls } = stubApi((call) => {
      if (call.url === '/api/quotes?patientId=p-lucia') return { status: 200, body: [] };
      if (call.url === '/api/quotes/services') return { status: 200, body: services };
      if (call.method === 'POST' && call.url === '/api/quotes' && refuse) {
        refuse = false;
        return {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION',
              message: 'Revisa los datos',
              fields: { validUntil: 'La validez no puede superar un año' },
            },
          },
        };
      }
      if (call.method === 'POST' && call.url === '/api/quotes') return { status: 201, body: draft };
      return { status: 404, body: {} };
    });
    const { user } = renderScreen(<PatientQuotes patientId="p-lucia" timeZone="Europe/Madrid" manage={false} />);
    expect(await screen.findByText('Sin presupuestos.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nuevo presupuesto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo presupuesto' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Servicio de la línea 1' }));
    await user.click(await screen.findByRole('option', { name: /^Empaste · 49,99/ }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Piezas o zonas' }), '16, 17');
    const sessions = within(dialog).getByRole('textbox', { name: 'Sesiones' });
    await user.clear(sessions);
    await user.type(sessions, '2');
    await fill(user, within(dialog).getByLabelText('Válido hasta'), '2027-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar presupuesto' }));
    expect(await within(dialog).findByText('La validez no puede superar un año')).toBeInTheDocument();
    const made = calls.find((call) => call.method === 'POST' && call.url === '/api/quotes');
    expect(made?.body).toMatchObject({
      patientId: 'p-lucia',
      lines: [{ serviceId: 's-empaste', quantity: 2, detail: '16, 17' }],
      validUntil: '2027-12-31',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar presupuesto' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('changes and sends her draft, downloads its PDF, and offers none of the desk’s actions', async () => {
    const { calls } = stubApi((call) => {
      if (call.url === '/api/quotes?patientId=p-lucia') {
        const lapsed = { ...draft, id: 'q-10', number: 'P-2026-0010', state: 'caducado' };
        return { status: 200, body: [draft, lapsed, quoteOf({ state: 'caducado' }), accepted] };
      }
      if (call.url === '/api/quotes/services') return { status: 200, body: services };
      if (call.method === 'PUT' || call.method === 'POST') return { status: 200, body: draft };
      return { status: 404, body: {} };
    });
    const { user } = renderScreen(<PatientQuotes patientId="p-lucia" timeZone="Europe/Madrid" manage={false} />);
    const mine = await screen.findByRole('article', { name: 'Presupuesto P-2026-0009' });
    expect(within(mine).getByText('Borrador')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute('href', '/api/quotes/q-9/pdf');
    expect(within(mine).queryByRole('button', { name: 'Aceptación en papel' })).not.toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Rechazado' })).not.toBeInTheDocument();
    // A draft whose validity passed is still hers to change (with a new validity); a sent one that expired is not.
    const lapsed = screen.getByRole('article', { name: 'Presupuesto P-2026-0010' });
    expect(within(lapsed).getByRole('button', { name: 'Editar borrador' })).toBeInTheDocument();
    const expired = screen.getByRole('article', { name: 'Presupuesto P-2026-0007' });
    expect(within(expired).queryByRole('button')).not.toBeInTheDocument();
    const done = screen.getByRole('article', { name: 'Presupuesto P-2026-0003' });
    expect(within(done).queryByRole('button')).not.toBeInTheDocument(); // no up-front invoice, no «Vincular cita»

    await user.click(within(mine).getByRole('button', { name: 'Editar borrador' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar el presupuesto P-2026-0009' });
    const zones = within(dialog).getByRole('textbox', { name: 'Piezas o zonas' });
    expect(zones).toHaveValue('zona lumbar');
    await user.clear(zones);
    await fill(user, zones, 'zona cervical');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar presupuesto' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe('/api/quotes/q-9');
    expect(put.body).toMatchObject({
      lines: [
        { serviceId: 's-fisio', quantity: 3, detail: 'zona cervical', discount: { kind: 'importe', cents: 1500 } },
      ],
      validUntil: '2026-04-01',
      notes: 'Primera fase',
    });
    expect(put.body).not.toHaveProperty('patientId');

    await user.click(within(mine).getByRole('button', { name: 'Enviar' }));
    await vi.waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url === '/api/quotes/q-9/send')).toBe(true),
    );
  });
});
