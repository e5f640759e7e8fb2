import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCTOR_COLORS } from '../../../../common/doctor-colors';
import type { User } from '../../../../common/schemas/users';
import { fill, renderScreen, stubApi } from '../../../test/render';
import { EditUserForm } from './edit-user-form';
import { InviteUserModal } from './invite-user-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user: User = {
  id: 'u-7',
  email: 'ines@clinica.test',
  displayName: 'Dra. Inés Rey',
  role: 'doctor',
  state: 'activo',
  lastSignInAt: null,
  createdAt: '2026-03-01T09:00:00Z',
  doctorProfileIncomplete: false,
  calendarFeedCreatedAt: null,
};

describe('inviting a doctor', () => {
  it('asks her specialty and nº de colegiado and proposes a colour no doctor uses', async () => {
    const { calls } = stubApi((call) => {
      if (call.url === '/api/specialties')
        return {
          status: 200,
          body: [
            { id: 's-1', name: 'Dermatología' },
            { id: 's-2', name: 'Pediatría' },
          ],
        };
      if (call.url.startsWith('/api/doctors'))
        return { status: 200, body: [{ color: DOCTOR_COLORS[0] }, { color: DOCTOR_COLORS[1].toUpperCase() }] };
      return { status: 201, body: { ...user, email: 'nueva@clinica.test' } };
    });
    const { user: actor } = renderScreen(<InviteUserModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Invitar a una persona del equipo' });
    await fill(actor, within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Dra. Nueva');
    await fill(actor, within(dialog).getByRole('textbox', { name: /^Correo electrónico/ }), 'nueva@clinica.test');
    await actor.click(within(dialog).getByRole('combobox', { name: /^Especialidad/ }));
    await actor.click(await screen.findByRole('option', { name: 'Pediatría' }));
    await fill(actor, within(dialog).getByRole('textbox', { name: /^Nº de colegiado/ }), '28281234');
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Color en el calendario/ })).toHaveValue(DOCTOR_COLORS[2]),
    );
    await actor.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')).toBeDefined());
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      email: 'nueva@clinica.test',
      displayName: 'Dra. Nueva',
      role: 'doctor',
      specialtyId: 's-2',
      licenseNumber: '28281234',
      color: DOCTOR_COLORS[2],
    });
  });
});

describe('disabling an account', () => {
  it('asks first, saying she will be signed out and cannot sign in, and then says «Cuenta desactivada»', async () => {
    const { calls } = stubApi(() => ({ status: 200, body: { ...user, state: 'desactivado' } }));
    const { user: actor } = renderScreen(<EditUserForm user={user} timeZone="Europe/Madrid" />);
    await actor.click(screen.getByRole('switch', { name: /Cuenta activa/ }));
    await actor.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Desactivar la cuenta de Dra. Inés Rey?' });
    expect(dialog).toHaveTextContent(
      'Se cerrarán al momento todas sus sesiones abiertas y no podrá volver a iniciar sesión',
    );
    expect(calls).toHaveLength(0);
    await actor.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls).toHaveLength(0);

    await actor.click(screen.getByRole('button', { name: 'Guardar' }));
    await actor.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Desactivar cuenta' }));
    expect(await screen.findByText('Cuenta desactivada')).toBeInTheDocument();
    expect(screen.queryByText('Usuario guardado')).toBeNull();
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['PATCH', '/api/users/u-7', { displayName: 'Dra. Inés Rey', role: 'doctor', active: false }],
    ]);
  });
});
