import '../../../test/mantine-polyfills';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DepositView } from '../../../../common/schemas/deposits';
import { renderScreen, stubApi } from '../../../test/render';
import BookingDepositStep from './booking-deposit-step';

afterEach(cleanup);

const deposit = (state: DepositView['state']): DepositView => ({
  amountCents: 3000,
  state,
  holdUntil: '2026-03-02T18:00:00.000Z',
  refundUntil: '2026-03-04T09:00:00.000Z',
  refundHours: 48,
  invoiceNumber: null,
  rectifyingNumber: null,
  refundError: null,
  refundAttempts: 0,
});

describe('«Paga la señal» after booking (decision 0121)', () => {
  it('shows the amount, the hold in the clinic’s time and the rule, and asks the bank’s form by the link', async () => {
    const { calls } = stubApi((call) =>
      call.url === '/api/public/bookings/tok-1/deposit-payment'
        ? {
            status: 409,
            body: { error: { code: 'NOT_PAYABLE', message: 'El plazo para pagar la señal ha terminado.' } },
          }
        : { status: 404, body: {} },
    );
    renderScreen(
      <BookingDepositStep deposit={deposit('pendiente')} timeZone="Europe/Madrid" target={{ token: 'tok-1' }} />,
    );
    const step = screen.getByRole('region', { name: 'Señal de la cita' });
    expect(step).toHaveTextContent('Paga la señal de 30,00 € para confirmar la reserva');
    expect(step).toHaveTextContent('Te guardamos la hora hasta las 19:00');
    expect(step).toHaveTextContent('se devuelve si cancelas con al menos 48 horas de antelación');
    fireEvent.click(screen.getByRole('button', { name: 'Pagar con Bizum' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('El plazo para pagar la señal ha terminado.'),
    );
    expect(calls.find((call) => call.url.endsWith('/deposit-payment'))?.body).toEqual({ method: 'bizum' });
  });

  it('shows nothing once the deposit is paid', () => {
    stubApi(() => ({ status: 404, body: {} }));
    renderScreen(<BookingDepositStep deposit={deposit('pagada')} timeZone="Europe/Madrid" target={{ id: 'a-1' }} />);
    expect(screen.queryByRole('region', { name: 'Señal de la cita' })).toBeNull();
  });
});
