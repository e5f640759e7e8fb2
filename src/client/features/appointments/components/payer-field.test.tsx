import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Insurer } from '../../../../common/schemas/insurers';
import { renderScreen } from '../../../test/render';
import { NO_PAYER_CHOICE, PayerField, payerInput, payerKindOf, type PayerChoice } from './payer-field';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SANITAS: Insurer = {
  id: 'i-sanitas',
  name: 'Sanitas',
  taxId: 'A28037042',
  address: 'Calle Mayor 1',
  requiresAuthorization: true,
  copayCents: 500,
  active: true,
  tariffs: [
    { serviceId: 's-consulta', priceCents: 4000 },
    { serviceId: 's-rx', priceCents: null },
  ],
  patientCount: 1,
};

describe('«¿Quién paga la visita?»', () => {
  it('offers «Aseguradora» when the patient’s insurer pays the service, else «Privado», and the desk’s pick wins', () => {
    expect(payerKindOf(NO_PAYER_CHOICE, SANITAS, 's-consulta')).toBe('aseguradora');
    expect(payerKindOf(NO_PAYER_CHOICE, SANITAS, 's-rx')).toBe('privado');
    expect(payerKindOf(NO_PAYER_CHOICE, SANITAS, 's-other')).toBe('privado');
    expect(payerKindOf(NO_PAYER_CHOICE, { ...SANITAS, active: false }, 's-consulta')).toBe('privado');
    expect(payerKindOf(NO_PAYER_CHOICE, undefined, 's-consulta')).toBe('privado');
    expect(payerKindOf({ kind: 'privado', authorizationNumber: '' }, SANITAS, 's-consulta')).toBe('privado');
    expect(payerInput('aseguradora', { kind: null, authorizationNumber: ' A-1 ' })).toEqual({
      kind: 'aseguradora',
      authorizationNumber: 'A-1',
    });
    expect(payerInput('privado', { kind: null, authorizationNumber: 'A-1' })).toEqual({ kind: 'privado' });
  });

  function Harness({ serviceId, errors = {} }: { serviceId: string; errors?: { authorizationNumber?: string } }) {
    const [value, setValue] = useState<PayerChoice>(NO_PAYER_CHOICE);
    return <PayerField insurer={SANITAS} serviceId={serviceId} value={value} onChange={setValue} errors={errors} />;
  }

  it('shows the tariff and copay, and asks for the authorisation the insurer requires', async () => {
    renderScreen(<Harness serviceId="s-consulta" errors={{ authorizationNumber: 'Sanitas exige el número' }} />);
    expect(screen.getByText(/Sanitas paga 40,00\s€; copago del paciente: 5,00\s€/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nº de autorización/ })).toBeRequired();
    expect(screen.getByText('Sanitas exige el número')).toBeInTheDocument();
  });

  it('says when the insurer does not cover the service, and asks nothing for «Privado»', async () => {
    const { user } = renderScreen(<Harness serviceId="s-rx" />);
    expect(screen.getByText('Sanitas no cubre este servicio.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Nº de autorización/ })).toBeNull();
    await user.click(screen.getByText('Aseguradora'));
    expect(screen.getByRole('textbox', { name: /Nº de autorización/ })).toBeInTheDocument();
  });
});
