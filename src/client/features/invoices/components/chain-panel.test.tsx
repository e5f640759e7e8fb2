import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
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
};

const show = (state: VerifactuState) => {
  stubApi(() => ({ status: 200, body: state }));
  renderScreen(<ChainPanel />);
};

describe('the «VERI*FACTU» tab', () => {
  it('shows the records by send state and the AEAT’s last answer', async () => {
    show({ certificateConfigured: true, environment: 'pruebas', chains: [chain] });
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
    show({ certificateConfigured: false, environment: 'pruebas', chains: [waiting] });
    expect(
      await screen.findByText(/Sin certificado configurado: los registros esperan como pendientes de envío/),
    ).toBeInTheDocument();
    expect(screen.getByText('Aún no se ha enviado ningún registro a la AEAT.')).toBeInTheDocument();
  });
});
