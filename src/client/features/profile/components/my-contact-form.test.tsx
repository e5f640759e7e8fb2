import '../../../test/mantine-polyfills';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../../../../common/api-paths';
import { renderScreen, stubApi } from '../../../test/render';
import { MyContactForm } from './my-contact-form';

const SESSION = {
  user: { id: 'u1', email: 'pedro@example.com', role: 'paciente', displayName: 'Pedro Perfil' },
} as never;

describe('MyContactForm', () => {
  it('keeps what the paciente typed before her record arrived; the record fills only the untouched fields', async () => {
    let arrive: () => void = () => {};
    const recordArrived = new Promise<void>((resolve) => (arrive = resolve));
    stubApi(async (call) => {
      if (call.url.endsWith(api.myPatientRecord)) {
        await recordArrived;
        return { status: 200, body: { id: 'p1', phone: '', email: 'pedro@example.com', address: 'Calle Mayor 1' } };
      }
      return { status: 404 };
    });
    const { user } = renderScreen(<MyContactForm />, { session: SESSION });

    const phone = screen.getByRole('textbox', { name: /Teléfono/ });
    await user.type(phone, '+34 611 222 333');
    arrive();

    await waitFor(() => expect(screen.getByRole('textbox', { name: /Dirección/ })).toHaveValue('Calle Mayor 1'));
    expect(phone).toHaveValue('+34 611 222 333');
  });
});
