import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChainState, VerifactuState } from '../../../../common/schemas/invoices';
import { renderScreen, stubApi } from '../../../test/render';
import { ChainPanel } from './chain-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const chain: ChainState = {
  issuerNif: 'B12345674',
  mode: 'pruebas',
  records: 7,
  broken: null,
  last: { kind: 'alta', number: 'S2026-000006', generatedAt: '2026-03-02T10:00:00+01:00', huella: 'AB'.repeat(32) },
  pendingSubmission: 1,
  accepted: 4,
  acceptedWithErrors: 1,
  rejected: 1,
  faultRejected: 0,
  lastAnswer: {
    at: '2026-03-02T09:01:00.000Z',
    status: 'ParcialmenteCorrecto',
    csv: 'A-PRUEBA00000001',
    waitSeconds: 60,
    error: null,
  },
  nextSubmissionAt: '2026-03-02T09:02:00.000Z',
  pendingIncident: 0,
};

const show = (state: VerifactuState) => {
  stubApi(() => ({ status: 200, body: state }));
  renderScreen(<ChainPanel />);
};

describe('the «VERI*FACTU» tab', () => {
  it('shows the records by send state and the AEAT’s last answer', async () => {
    show({ certificateConfigured: true, environment: 'pruebas', issuerNif: 'B12345674', chains: [chain] });
    const table = await screen.findByRole('table', { name: 'Registros por estado de envío' });
    const count = (label: string) => within(within(table).getByText(label).closest('tr')!).getByRole('cell');
    expect(count('Pendientes de envío')).toHaveTextContent('1');
    expect(count('Enviados y aceptados')).toHaveTextContent('4');
    expect(count('Aceptados con errores')).toHaveTextContent('1');
    expect(count('Rechazados')).toHaveTextContent('1');
    expect(screen.getByText(/^Última respuesta/)).toHaveTextContent(
      'Última respuesta (2 mar 2026, 10:01): parcialmente correcto · CSV A-PRUEBA00000001 · espera antes del siguiente envío: 60 s',
    );
    expect(screen.getByText(/se corrige con una subsanación/)).toBeInTheDocument();
    expect(screen.queryByText(/Sin certificado configurado/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar de nuevo' })).not.toBeInTheDocument();
  });

  it('says that without a certificate the records wait as pending', async () => {
    const waiting = {
      ...chain,
      pendingSubmission: 7,
      accepted: 0,
      acceptedWithErrors: 0,
      rejected: 0,
      lastAnswer: null,
    };
    show({ certificateConfigured: false, environment: 'pruebas', issuerNif: 'B12345674', chains: [waiting] });
    expect(
      await screen.findByText(/Sin certificado configurado: los registros esperan como pendientes de envío/),
    ).toBeInTheDocument();
    expect(screen.getByText('Aún no se ha enviado ningún registro a la AEAT.')).toBeInTheDocument();
  });

  it('lists every record with its invoice, state, the AEAT’s answer and CSV, in the clinic’s words', async () => {
    const record = {
      issuerNif: 'B12345674',
      kind: 'alta' as const,
      correction: false,
      generatedAt: '2026-03-02T10:00:00+01:00',
      attempts: 1,
      correctedBy: null,
    };
    const { calls } = stubApi((call) =>
      call.url.startsWith('/api/verifactu/records')
        ? {
            status: 200,
            body: {
              page: 1,
              pageSize: 50,
              total: 1201,
              records: [
                {
                  ...record,
                  id: 2,
                  position: 2,
                  invoiceNumber: 'S2026-000002',
                  status: 'rechazado',
                  answeredAt: '2026-03-02T09:01:00.000Z',
                  errorCode: '1100',
                  errorDescription: 'Valor o tipo incorrecto del campo: NIF',
                  csv: 'A-PRUEBA00000001',
                },
                {
                  ...record,
                  id: 1,
                  position: 1,
                  invoiceNumber: 'S2026-000001',
                  status: 'aceptado',
                  answeredAt: '2026-03-02T09:01:00.000Z',
                  errorCode: null,
                  errorDescription: null,
                  csv: 'A-PRUEBA00000001',
                },
              ],
            },
          }
        : {
            status: 200,
            body: { certificateConfigured: false, environment: 'pruebas', issuerNif: 'B12345674', chains: [chain] },
          },
    );
    const { user } = renderScreen(<ChainPanel />);
    const table = await screen.findByRole('table', { name: 'Registros de facturación' });
    const rejected = within(table).getByText('S2026-000002').closest('tr')!;
    expect(rejected).toHaveTextContent('Rechazado');
    expect(rejected).toHaveTextContent('2 mar 2026, 10:01. Error 1100: Valor o tipo incorrecto del campo: NIF');
    expect(rejected).toHaveTextContent('A-PRUEBA00000001');
    expect(within(table).getByText('S2026-000001').closest('tr')).toHaveTextContent('Aceptado');
    // No setting's name, no address to type: the clinic's words, a link per file of the XML.
    expect(document.body).not.toHaveTextContent(/VERIFACTU_|\?page=/);
    expect(screen.getByRole('link', { name: 'Registros 1 a 7' })).toHaveAttribute(
      'href',
      '/api/verifactu/records.xml?page=1',
    );
    await user.click(screen.getByRole('button', { name: 'Página 25' }));
    expect(calls.map((call) => call.url)).toContain('/api/verifactu/records?pagina=25');
  });

  describe('records refused by a fault of the request', () => {
    const faulted: ChainState = {
      ...chain,
      acceptedWithErrors: 0,
      rejected: 3,
      faultRejected: 3,
      lastAnswer: { ...chain.lastAnswer!, status: 'Rechazado', csv: null, waitSeconds: null, error: 'Codigo[4102]' },
    };
    const withFaults: VerifactuState = {
      certificateConfigured: true,
      environment: 'pruebas',
      issuerNif: 'B12345674',
      chains: [faulted],
    };

    it('sends them again after the confirmation, says how many, and asks for the state again', async () => {
      let resent = false;
      const { calls } = stubApi((call) => {
        if (call.method === 'POST') {
          resent = true;
          return { status: 200, body: { requeued: 3 } };
        }
        const chains = [resent ? { ...faulted, rejected: 0, faultRejected: 0, pendingSubmission: 3 } : faulted];
        return { status: 200, body: { ...withFaults, chains } };
      });
      const { user } = renderScreen(<ChainPanel />);
      expect(await screen.findByText(/La AEAT rechazó entero el envío de 3 registros/)).toBeInTheDocument();
      // Not corrected by a subsanación: that explanation is for records rejected by a line of an answer.
      expect(screen.queryByText(/se corrige con una subsanación/)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Enviar de nuevo' }));
      const dialog = await screen.findByRole('dialog', { name: '¿Enviar de nuevo a la AEAT?' });
      expect(dialog).toHaveTextContent(
        'Se enviarán de nuevo 3 registros rechazados por un error de la petición. Hazlo cuando se haya corregido la causa.',
      );
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Enviar de nuevo' }));
      expect(await screen.findByText('3 registros volverán a enviarse')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        { method: 'POST', url: '/api/verifactu/resend', body: {} },
      ]);
      // The state is asked again: the records now wait as pending, and the button is gone.
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Enviar de nuevo' })).not.toBeInTheDocument());
      expect(calls.filter((call) => call.url === '/api/verifactu/state')).toHaveLength(2);
    });

    it('offers no resending for a chain under the clinic’s earlier NIF, which resending does not touch', async () => {
      const earlier: ChainState = { ...faulted, issuerNif: 'A58818501' };
      show({ ...withFaults, chains: [earlier] });
      expect(await screen.findByText(/son de un NIF anterior de la clínica/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Enviar de nuevo' })).not.toBeInTheDocument();
    });

    it('says the server’s message when it cannot send them again', async () => {
      const message = 'No se ha podido conectar con la base de datos. Inténtalo de nuevo en unos minutos.';
      stubApi((call) =>
        call.method === 'POST'
          ? { status: 503, body: { error: { code: 'DB_UNAVAILABLE', message } } }
          : { status: 200, body: withFaults },
      );
      const { user } = renderScreen(<ChainPanel />);
      await user.click(await screen.findByRole('button', { name: 'Enviar de nuevo' }));
      const dialog = await screen.findByRole('dialog', { name: '¿Enviar de nuevo a la AEAT?' });
      await user.click(within(dialog).getByRole('button', { name: 'Enviar de nuevo' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
    });
  });
});
