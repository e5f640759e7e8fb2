import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PackProduct, PatientPack } from '../../../../common/schemas/packs';
import { renderScreen, stubApi } from '../../../test/render';
import { PatientPacksCard } from './patient-packs-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATIENT = '0d6f4c2a-1b3e-4c5d-8e9f-0a1b2c3d4e5f';
const PRODUCT: PackProduct = {
  id: 'pr-1',
  name: 'Bono 10 sesiones · Fisioterapia',
  serviceId: 's-1',
  serviceName: 'Fisioterapia',
  vat: 'exenta',
  sessions: 10,
  priceCents: 35_000,
  validityMonths: 6,
  active: true,
  soldCount: 1,
};
const pack = (overrides: Partial<PatientPack> = {}): PatientPack => ({
  id: 'b-1',
  name: 'Bono 10 sesiones · Fisioterapia',
  serviceId: 's-1',
  sessions: 10,
  used: 3,
  priceCents: 35_000,
  purchasedOn: '2026-03-02',
  expiresOn: '2026-09-02',
  state: 'activo',
  invoiceId: 'i-1',
  invoiceNumber: 'S2026-000001',
  refundableCents: 24_500,
  refund: null,
  visits: [],
  ...overrides,
});

describe('«Bonos» on the patient’s page', () => {
  it('shows each pack’s sessions used and left and its expiry', async () => {
    stubApi(() => ({ status: 200, body: [pack()] }));
    renderScreen(<PatientPacksCard patientId={PATIENT} manage={false} />);
    expect(await screen.findByText('3 de 10 usadas · quedan 7')).toBeVisible();
    expect(screen.getByText('2 de septiembre de 2026')).toBeVisible();
    expect(screen.getByText('Activo')).toBeVisible();
    // A doctor reads them: no sale, no refund.
    expect(screen.queryByRole('button', { name: 'Vender bono' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Devolver/ })).not.toBeInTheDocument();
  });

  it('the desk sells a pack, which issues its invoice', async () => {
    let sold = false;
    const { calls } = stubApi((call) => {
      if (call.url === '/api/pack-products') return { status: 200, body: [PRODUCT] };
      if (call.method === 'POST') {
        sold = true;
        return { status: 201, body: { packId: 'b-1', invoiceId: 'i-1', invoiceNumber: 'S2026-000001' } };
      }
      return { status: 200, body: sold ? [pack({ used: 0 })] : [] };
    });
    const { user } = renderScreen(<PatientPacksCard patientId={PATIENT} manage />);
    expect(await screen.findByText('Sin bonos.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Vender bono' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vender bono' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Bono' }));
    await user.click(
      await screen.findByRole('option', { name: /^Bono 10 sesiones · Fisioterapia · 350,00\s€ sin IVA$/ }),
    );
    expect(within(dialog).getByText(/Válido 6 meses desde hoy/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Vender y facturar' }));
    expect(await screen.findByText('0 de 10 usadas · quedan 10')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: `/api/patients/${PATIENT}/packs`,
      body: { productId: 'pr-1', kind: 'simplificada' },
    });
  });

  it('the desk refunds the unused sessions, with the amount before it confirms', async () => {
    let refunded = false;
    const { calls } = stubApi((call) => {
      if (call.method === 'POST') {
        refunded = true;
        return { status: 201, body: { invoiceId: 'i-2', invoiceNumber: 'R2026-000001', refundCents: 24_500 } };
      }
      return {
        status: 200,
        body: [refunded ? pack({ state: 'devuelto', refundableCents: 0 }) : pack()],
      };
    });
    const { user } = renderScreen(<PatientPacksCard patientId={PATIENT} manage />);
    await user.click(await screen.findByRole('button', { name: /^Devolver 245,00\s€$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Devolver las sesiones sin usar' });
    expect(within(dialog).getByText(/quedan 7 de 10 sesiones/)).toHaveTextContent(/rectificativa de 245,00\s€/);
    await user.click(within(dialog).getByRole('button', { name: 'Devolver y emitir rectificativa' }));
    expect(await screen.findByText('Devuelto')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.url).toBe(`/api/patients/${PATIENT}/packs/b-1/refund`);
  });
});
