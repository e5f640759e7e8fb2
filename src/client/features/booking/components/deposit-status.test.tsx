import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DepositView } from '../../../../common/schemas/deposits';
import { fixClock } from '../../../test/clock';
import { renderScreen, stubApi } from '../../../test/render';
import { DepositStatus } from './deposit-status';

afterEach(cleanup);

const deposit = (state: DepositView['state'], more: Partial<DepositView> = {}): DepositView => ({
  amountCents: 3000,
  state,
  holdUntil: '2026-03-02T18:00:00.000Z',
  refundUntil: '2026-03-04T09:00:00.000Z',
  refundHours: 48,
  invoiceNumber: 'S2026-000014',
  rectifyingNumber: null,
  refundError: null,
  refundAttempts: 0,
  ...more,
});

const show = (view: DepositView) =>
  renderScreen(<DepositStatus deposit={view} timeZone="Europe/Madrid" token="tok-1" />);

describe('the deposit on the booking’s own page (decision 0121)', () => {
  it('offers to pay it while the time is held, for a patient who left the confirmation before paying', async () => {
    stubApi(() => ({ status: 404, body: {} }));
    fixClock('2026-03-02T17:45:00Z'); // a quarter of an hour of the hold left
    show(deposit('pendiente'));
    expect(await screen.findByRole('region', { name: 'Señal de la cita' }, { timeout: 5000 })).toHaveTextContent(
      'Paga la señal de 30,00 € para confirmar la reserva',
    );
    cleanup();
    fixClock('2026-03-02T18:00:01Z'); // the hold is over: the time is free again, nothing to pay
    show(deposit('pendiente'));
    expect(screen.queryByRole('region', { name: 'Señal de la cita' })).toBeNull();
  });

  it('says what became of it: paid (until when it comes back), given back, kept', () => {
    stubApi(() => ({ status: 404, body: {} }));
    show(deposit('pagada'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      /Has pagado una señal de 30,00 € \(factura S2026-000014\).*Si cancelas hasta el miércoles, 4 de marzo de 2026, 10:00, te la devolvemos/,
    );
    cleanup();
    show(deposit('devuelta', { rectifyingNumber: 'R2026-000003' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Te hemos devuelto la señal de 30,00 € (factura rectificativa R2026-000003)',
    );
    cleanup();
    show(deposit('retenida'));
    expect(screen.getByRole('alert')).toHaveTextContent('con menos de 48 horas de antelación');
  });
});
