import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../../../../common/messages';
import type { CorrectionView } from '../../../../common/schemas/verifactu-corrections';
import type { RecordList } from '../../../../common/schemas/verifactu-records';
import { fill, renderScreen, stubApi, type ApiCall } from '../../../test/render';
import { VerifactuRecords } from './verifactu-records';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Row = RecordList['records'][number];
const row = (id: number, changes: Partial<Row>): Row => ({
  id,
  issuerNif: 'B12345674',
  position: id,
  kind: 'alta',
  correction: false,
  invoiceId: `factura-${id}`,
  invoiceNumber: `F2026-00000${id}`,
  generatedAt: '2026-03-02T10:00:00+01:00',
  status: 'aceptado',
  attempts: 1,
  answeredAt: '2026-03-02T09:01:00.000Z',
  errorCode: null,
  errorDescription: null,
  csv: 'A-PRUEBA00000001',
  correctedBy: null,
  pendingCorrection: false,
  ...changes,
});

const records: RecordList = {
  page: 1,
  pageSize: 50,
  total: 2,
  records: [
    row(2, {
      status: 'rechazado',
      errorCode: '4111',
      errorDescription: 'El NIF del destinatario no está identificado',
      csv: null,
      pendingCorrection: true,
    }),
    row(1, {}),
  ],
};

const view: CorrectionView = {
  recordId: 2,
  invoiceId: 'factura-2',
  invoiceNumber: 'F2026-000002',
  issueDate: '2026-03-02',
  type: 'F1',
  totalCents: 6050,
  status: 'rechazado',
  errorCode: '4111',
  errorDescription: 'El NIF del destinatario no está identificado',
  recipient: { name: 'Lucía Moreno Gil', documentType: 'dni', documentNumber: '12345678A' },
  description: 'Consulta de dermatología',
  rejectedBefore: 'X',
};

/** The records, the correction's view, and `post` for the correction itself. */
function serve(post: (call: ApiCall) => { status: number; body?: unknown }) {
  return stubApi((call) => {
    if (call.url.endsWith('/correction')) return call.method === 'POST' ? post(call) : { status: 200, body: view };
    return { status: 200, body: records };
  });
}

async function openCorrection() {
  const { user } = renderScreen(<VerifactuRecords />);
  const table = await screen.findByRole('table', { name: 'Registros de facturación' });
  const rejected = within(table).getByText('F2026-000002').closest('tr')!;
  expect(within(rejected).getByText('Pendiente de corregir')).toBeInTheDocument();
  expect(within(within(table).getByText('F2026-000001').closest('tr')!).queryByRole('button')).toBeNull();
  await user.click(within(rejected).getByRole('button', { name: 'Corregir el registro nº 2 (F2026-000002)' }));
  const dialog = await screen.findByRole('dialog', { name: 'Corregir el registro' });
  await within(dialog).findByText('Error 4111: El NIF del destinatario no está identificado');
  return { user, dialog };
}

describe('«Registros»: correcting a record the AEAT rejected', () => {
  it('sends the corrected recipient and description, and shows the record that carries them', async () => {
    const { calls } = serve(() => ({ status: 201, body: { recordId: 3, position: 3, rejectedBefore: 'X' } }));
    const { user, dialog } = await openCorrection();
    expect(within(dialog).getByText(/RechazoPrevio X: la AEAT no tiene registrada la factura/)).toBeInTheDocument();
    const number = within(dialog).getByRole('textbox', { name: 'Número de documento' });
    expect(number).toHaveValue('12345678A');
    await user.clear(number);
    await fill(user, number, '12345678Z');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar corrección' }));
    await screen.findByText(/El registro nº 3 lleva los datos corregidos de F2026-000002/);
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      description: 'Consulta de dermatología',
      recipient: { name: 'Lucía Moreno Gil', documentType: 'dni', documentNumber: '12345678Z' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s word on a field beside it, and a refused unchanged correction above the buttons', async () => {
    let answer = 0;
    serve(() =>
      ++answer === 1
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION',
                message: 'La letra del DNI no corresponde a sus números',
                fields: { 'recipient.documentNumber': 'La letra del DNI no corresponde a sus números' },
              },
            },
          }
        : {
            status: 409,
            body: { error: { code: 'UNCHANGED_CORRECTION', message: ERROR_CODES.UNCHANGED_CORRECTION } },
          },
    );
    const { user, dialog } = await openCorrection();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar corrección' }));
    expect(await within(dialog).findByText('La letra del DNI no corresponde a sus números')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Número de documento' })).toHaveAccessibleDescription(
      'La letra del DNI no corresponde a sus números',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enviar corrección' }));
    expect(await within(dialog).findByText(ERROR_CODES.UNCHANGED_CORRECTION)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Corregir el registro' })).toBeInTheDocument();
  });
});
