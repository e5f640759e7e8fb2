import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClinicService } from '../../../../common/schemas/clinic-services';
import type { Insurer } from '../../../../common/schemas/insurers';
import { fill, renderScreen, stubApi } from '../../../test/render';
import InsurersPage from './insurers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const service = (id: string, name: string, priceCents: number): ClinicService => ({
  id,
  name,
  note: '',
  specialtyId: 's-1',
  specialty: 'Traumatología',
  doctors: [],
  durationMinutes: 30,
  priceCents,
  vat: 'exenta',
  bookableOnline: true,
  active: true,
  appointmentCount: 0,
  depositCents: null,
  depositRefundHours: 48,
});
const services = [service('c-1', 'Primera visita', 6000), service('c-2', 'Infiltración', 9000)];
const sanitas: Insurer = {
  id: 'i-1',
  name: 'Sanitas',
  taxId: null,
  address: '',
  requiresAuthorization: true,
  copayCents: 500,
  active: true,
  tariffs: [{ serviceId: 'c-1', priceCents: 3200 }],
  patientCount: 4,
};

describe('«Aseguradoras»', () => {
  it('lists each insurer with its copay and a missing CIF, and creates one sending the copay in cents', async () => {
    const { calls } = stubApi((call) => {
      if (call.url === '/api/services') return { status: 200, body: services };
      if (call.method === 'POST') return { status: 201, body: { ...sanitas, id: 'i-2', ...(call.body as object) } };
      return { status: 200, body: [sanitas] };
    });
    const { user } = renderScreen(<InsurersPage />);
    const row = (await screen.findByRole('button', { name: 'Editar Sanitas' })).closest('tr')!;
    expect(within(row).getByText('5,00 €')).toBeInTheDocument();
    expect(within(row).getByText('Sin CIF')).toBeInTheDocument();
    expect(within(row).getByText('Obligatoria')).toBeInTheDocument();
    expect(within(row).getByText('4 pacientes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nueva aseguradora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva aseguradora' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Mutua del Norte');
    await fill(user, within(dialog).getByRole('textbox', { name: 'CIF' }), 'G28333334');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Dirección' }), 'Gran Vía 1, 48001 Bilbao');
    await user.type(within(dialog).getByRole('textbox', { name: 'Copago' }), '7,5');
    await user.click(within(dialog).getByRole('switch', { name: /Pide un número de autorización/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear aseguradora' }));

    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'Mutua del Norte',
      taxId: 'G28333334',
      address: 'Gran Vía 1, 48001 Bilbao',
      copayCents: 750,
      requiresAuthorization: true,
      active: true,
    });
  });

  it('shows the server’s message beside the CIF, and keeps what was typed', async () => {
    stubApi((call) => {
      if (call.url === '/api/services') return { status: 200, body: services };
      if (call.method === 'PUT') {
        const fields = { taxId: 'El carácter de control del NIF no corresponde' };
        return { status: 400, body: { error: { code: 'VALIDATION', message: 'Revisa los datos', fields } } };
      }
      return { status: 200, body: [sanitas] };
    });
    const { user } = renderScreen(<InsurersPage />);
    await user.click(await screen.findByRole('button', { name: 'Editar Sanitas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Sanitas' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'CIF' }), 'A28037043');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El carácter de control del NIF no corresponde')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'CIF' })).toHaveValue('A28037043');
  });

  it('sets the tariff: a price in cents, «No cubierto» as null, and an empty one left out', async () => {
    const { calls } = stubApi((call) => {
      if (call.url === '/api/services') return { status: 200, body: services };
      if (call.method === 'PUT') return { status: 200, body: sanitas };
      return { status: 200, body: [sanitas] };
    });
    const { user } = renderScreen(<InsurersPage />);
    await user.click(await screen.findByRole('button', { name: 'Tarifa de Sanitas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tarifa de Sanitas' });
    const firstVisit = within(dialog).getByRole('textbox', { name: 'Tarifa de Primera visita (Traumatología)' });
    expect(firstVisit).toHaveValue('32 €');
    await user.clear(firstVisit);
    await user.type(firstVisit, '35,5');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Infiltración (Traumatología): no cubierto' }));
    expect(within(dialog).getByRole('textbox', { name: 'Tarifa de Infiltración (Traumatología)' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar tarifa' }));

    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe('/api/insurers/i-1/tariffs');
    expect(put.body).toEqual({
      tariffs: [
        { serviceId: 'c-1', priceCents: 3550 },
        { serviceId: 'c-2', priceCents: null },
      ],
    });
  });
});
