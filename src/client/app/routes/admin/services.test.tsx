import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClinicService } from '../../../../common/schemas/clinic-services';
import { fill, renderScreen, stubApi } from '../../../test/render';
import ServicesPage from './services';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const specialties = [
  { id: 's-1', name: 'Traumatología', doctorCount: 1 },
  { id: 's-2', name: 'Dermatología', doctorCount: 1 },
];
const doctors = [
  { id: 'd-1', displayName: 'Dr. Luis Romero', specialtyId: 's-1', active: true },
  { id: 'd-2', displayName: 'Dra. Elena Sanz', specialtyId: 's-2', active: true },
];
const infiltration: ClinicService = {
  id: 'c-1',
  name: 'Infiltración',
  specialtyId: 's-1',
  specialty: 'Traumatología',
  doctors: [{ id: 'd-1', name: 'Dr. Luis Romero' }],
  durationMinutes: 20,
  priceCents: 9000,
  vat: 'exenta',
  bookableOnline: false,
  active: true,
  note: '',
  appointmentCount: 3,
  depositCents: null,
  depositRefundHours: 48,
};

describe('«Servicios y tarifas»', () => {
  it('lists prices in euros and sends a new one in cents, with its VAT and the doctors of its specialty', async () => {
    let services = [infiltration];
    const { calls } = stubApi((call) => {
      if (call.url === '/api/specialties') return { status: 200, body: specialties };
      if (call.url.startsWith('/api/doctors')) return { status: 200, body: doctors };
      if (call.method === 'POST') {
        const created = { ...(call.body as ClinicService), id: 'c-2', specialty: 'Dermatología', doctors: [] };
        services = [...services, { ...created, appointmentCount: 0 }];
        return { status: 201, body: created };
      }
      return { status: 200, body: services };
    });
    const { user } = renderScreen(<ServicesPage />);
    const row = (await screen.findByRole('button', { name: 'Editar Infiltración (Traumatología)' })).closest('tr')!;
    expect(within(row).getByText('90,00 €')).toBeInTheDocument();
    expect(within(row).getByText('Exento')).toBeInTheDocument();
    expect(within(row).getByText('Solo en la clínica')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nuevo servicio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo servicio' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Nombre del servicio' }), 'Peeling químico');
    await user.click(within(dialog).getByRole('combobox', { name: 'Especialidad' }));
    await user.click(await screen.findByRole('option', { name: 'Dermatología' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Profesionales' }));
    // Only the doctors of the chosen specialty are offered.
    expect(screen.queryByRole('option', { name: 'Dr. Luis Romero' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Dra. Elena Sanz' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Precio' }), '120,5');
    await user.click(within(dialog).getByRole('combobox', { name: 'IVA' }));
    await user.click(await screen.findByRole('option', { name: 'IVA 21 %' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Nota' }), 'Estético: no es asistencia sanitaria');
    await user.click(within(dialog).getByRole('button', { name: 'Crear servicio' }));

    const created = await screen.findByRole('button', { name: 'Editar Peeling químico (Dermatología)' });
    // The note shows under the service's name in the list.
    expect(within(created.closest('td')!).getByText('Estético: no es asistencia sanitaria')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Peeling químico',
      specialtyId: 's-2',
      doctorIds: ['d-2'],
      durationMinutes: 30,
      priceCents: 12050,
      vat: '21',
      bookableOnline: true,
      active: true,
      note: 'Estético: no es asistencia sanitaria',
      // No deposit typed: none is asked, and the refund's hours stay at their default.
      depositCents: null,
      depositRefundHours: 48,
    });
  });

  it('shows the server’s message beside the price, and keeps what was typed', async () => {
    stubApi((call) => {
      if (call.url === '/api/specialties') return { status: 200, body: specialties };
      if (call.url.startsWith('/api/doctors')) return { status: 200, body: doctors };
      if (call.method === 'PUT') {
        return {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION',
              message: 'Revisa los datos',
              fields: { priceCents: 'El precio no puede superar los 100 000 €' },
            },
          },
        };
      }
      return { status: 200, body: [infiltration] };
    });
    const { user } = renderScreen(<ServicesPage />);
    await user.click(await screen.findByRole('button', { name: 'Editar Infiltración (Traumatología)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Infiltración' });
    // A service with appointments is deactivated, never deleted.
    expect(within(dialog).queryByRole('button', { name: 'Borrar servicio' })).not.toBeInTheDocument();
    const price = within(dialog).getByRole('textbox', { name: 'Precio' });
    // The price is before VAT, and the field says so (issue 36: «the price field says whether it includes VAT»).
    expect(price).toHaveAccessibleDescription(/^Sin IVA: al facturar se suma el IVA elegido/);
    await user.clear(price);
    await user.type(price, '200000');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El precio no puede superar los 100 000 €')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Nombre del servicio' })).toHaveValue('Infiltración');
  });
});
