import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Specialty } from '../../../../common/schemas/doctors';
import { renderScreen, stubApi } from '../../../test/render';
import { SpecialtiesModal } from './specialties-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const IN_USE = 'No se puede borrar «Pediatría»: la tienen 2 doctores.';

describe('specialties modal', () => {
  it('adds, renames and explains why one in use cannot be deleted', async () => {
    let specialties: Specialty[] = [{ id: 's-1', name: 'Pediatría', doctorCount: 2 }];
    const { calls } = stubApi((call) => {
      if (call.method === 'GET') return { status: 200, body: specialties };
      if (call.method === 'POST') {
        const created = { id: 's-2', name: (call.body as { name: string }).name, doctorCount: 0 };
        specialties = [...specialties, created];
        return { status: 201, body: created };
      }
      if (call.method === 'PATCH') {
        specialties = specialties.map((s) =>
          s.id === 's-2' ? { ...s, name: (call.body as { name: string }).name } : s,
        );
        return { status: 200, body: specialties[1] };
      }
      return { status: 409, body: { error: { code: 'IN_USE', message: IN_USE } } };
    });
    const onChanged = vi.fn();
    const { user } = renderScreen(<SpecialtiesModal opened onClose={() => {}} onChanged={onChanged} />);
    expect(await screen.findByText('2 doctores')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Nueva especialidad' }), 'Dermatologia');
    await user.click(screen.getByRole('button', { name: 'Añadir' }));
    expect(await screen.findByText('Dermatologia')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cambiar el nombre de «Dermatologia»' }));
    const rename = screen.getByRole('textbox', { name: 'Nuevo nombre de «Dermatologia»' });
    await user.clear(rename);
    await user.type(rename, 'Dermatología');
    await user.click(screen.getByRole('button', { name: 'Guardar el nombre' }));
    expect(await screen.findByText('Dermatología')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Borrar «Pediatría»' }));
    await user.click(screen.getByRole('button', { name: 'Borrar' }));
    expect(await screen.findByText(IN_USE)).toBeInTheDocument();
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('DELETE /api/specialties/s-1');
  });
});
