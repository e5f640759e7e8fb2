import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClinicService } from '../../../../common/schemas/clinic-services';
import { renderScreen, stubApi } from '../../../test/render';
import { SettlementRuleModal } from './settlement-rule-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ANA = '11111111-1111-4111-8111-111111111111';
const service = (id: string, name: string): ClinicService => ({
  id,
  name,
  specialtyId: 's',
  specialty: 'Dermatología',
  doctors: [],
  durationMinutes: 30,
  priceCents: 10_000,
  vat: 'exenta',
  bookableOnline: true,
  active: true,
  note: '',
  appointmentCount: 0,
  depositCents: null,
  depositRefundHours: 48,
});
const PEELING = '33333333-3333-4333-8333-333333333333';

describe('«Regla de liquidación»', () => {
  it('sends percentages in basis points and a fixed amount per act in cents', async () => {
    const { calls } = stubApi(() => ({ status: 204 }));
    const onClose = vi.fn();
    renderScreen(
      <SettlementRuleModal
        doctor={{ doctorId: ANA, doctorName: 'Dra. Ana Ruiz', rule: null }}
        services={[service(PEELING, 'Peeling químico')]}
        onClose={onClose}
      />,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'Sobre lo cobrado' }));
    await user.type(screen.getByLabelText('Porcentaje general'), '37,5');
    await user.click(screen.getByLabelText('Las visitas de aseguradora, con otro porcentaje'));
    await user.type(screen.getByLabelText('Porcentaje de las visitas de aseguradora'), '20');
    await user.click(screen.getByRole('combobox', { name: 'Regla de Peeling químico (Dermatología)' }));
    await user.click(await screen.findByRole('option', { name: 'Importe fijo por acto' }));
    await user.type(screen.getByLabelText('Importe por acto de Peeling químico (Dermatología)'), '25,5');
    await user.click(screen.getByRole('button', { name: 'Guardar regla' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: `/api/settlements/rules/${ANA}`,
      body: {
        basis: 'cobrado',
        percentBp: 3750,
        insurerPercentBp: 2000,
        services: [{ serviceId: PEELING, percentBp: null, amountCents: 2550 }],
      },
    });
  });

  it('asks for the percentage before sending anything', async () => {
    const { calls } = stubApi(() => ({ status: 204 }));
    renderScreen(
      <SettlementRuleModal
        doctor={{ doctorId: ANA, doctorName: 'Dra. Ana Ruiz', rule: null }}
        services={[]}
        onClose={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Guardar regla' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Indica el porcentaje');
    expect(calls).toHaveLength(0);
  });
});
