import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelSettingsView } from '../../../../common/schemas/channels';
import { renderScreen, stubApi } from '../../../test/render';
import { ChannelSettingsSection } from './channel-settings-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings: ChannelSettingsView = {
  channels: ['email'],
  surveyEnabled: false,
  surveyDelayHours: 3,
  surveyReviewUrl: '',
  providers: { sms: false, whatsapp: true },
};

const validationError = (fields: Record<string, string>) => ({
  status: 400,
  body: { error: { code: 'VALIDATION', message: 'Revisa los datos enviados.', fields } },
});

async function show() {
  const rendered = renderScreen(<ChannelSettingsSection />);
  const section = await screen.findByRole('region', { name: 'Recordatorios y mensajes' });
  await within(section).findByRole('checkbox', { name: 'Correo electrónico' });
  return { ...rendered, section: within(section) };
}

describe('«Recordatorios y mensajes» in the settings', () => {
  it('a phone channel without a provider is off; the order, the after-visit message and its review page are saved', async () => {
    const { calls } = stubApi((call) =>
      call.method === 'PUT'
        ? { status: 200, body: { ...(call.body as object), providers: settings.providers } }
        : { status: 200, body: settings },
    );
    const { user, section, queryClient } = await show();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    const sms = section.getByRole('checkbox', { name: 'SMS' });
    expect(sms).toBeDisabled();
    expect(sms).toHaveAccessibleDescription('sin proveedor configurado');
    const whatsapp = section.getByRole('checkbox', { name: 'WhatsApp' });
    expect(whatsapp).toBeEnabled();
    expect(whatsapp).not.toHaveAccessibleDescription();

    await user.click(whatsapp);
    await user.click(section.getByRole('button', { name: 'Subir WhatsApp' }));
    expect(section.getByRole('button', { name: 'Subir WhatsApp' })).toBeDisabled();
    await user.click(section.getByRole('switch', { name: /^Enviar un mensaje después de la visita/ }));
    const hours = section.getByRole('textbox', { name: 'Horas después de la visita' });
    await user.clear(hours);
    await user.type(hours, '24');
    const review = section.getByRole('textbox', { name: 'Enlace para dejar una reseña en Google (opcional)' });
    expect(review).toHaveAccessibleDescription(/prohíben el «review gating»/);
    await user.type(review, 'https://g.page/demo');
    await user.click(section.getByRole('button', { name: 'Guardar recordatorios' }));

    expect(await screen.findByText('Recordatorios y mensajes guardados')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/settings/channels',
        body: {
          channels: ['whatsapp', 'email'],
          surveyEnabled: true,
          surveyDelayHours: 24,
          surveyReviewUrl: 'https://g.page/demo',
        },
      },
    ]);
    // The channels patients may choose follow the clinic's.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['channels', 'patient'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['channels', 'mine'] });
  });

  it('refuses an empty list or a review link that is not https before sending, and shows the server’s messages on the fields', async () => {
    const { calls } = stubApi((call) =>
      call.method === 'PUT'
        ? validationError({ surveyDelayHours: 'Entre 1 y 168 horas' })
        : { status: 200, body: { ...settings, surveyEnabled: true } },
    );
    const { user, section } = await show();
    const save = section.getByRole('button', { name: 'Guardar recordatorios' });

    const review = section.getByRole('textbox', { name: 'Enlace para dejar una reseña en Google (opcional)' });
    await user.click(section.getByRole('checkbox', { name: 'Correo electrónico' }));
    await user.type(review, 'g.page/demo');
    await user.click(save);
    expect(await section.findByText('Elige al menos un canal')).toBeInTheDocument();
    expect(section.getByText('Debe ser una dirección https:// completa')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.click(section.getByRole('checkbox', { name: 'Correo electrónico' }));
    await user.clear(review);
    // Back to what was saved, the form has nothing to send: one change more.
    expect(save).toBeDisabled();
    await user.click(section.getByRole('checkbox', { name: 'WhatsApp' }));
    await user.click(save);
    expect(await section.findByText('Entre 1 y 168 horas')).toBeInTheDocument();
    expect(section.getByRole('textbox', { name: 'Horas después de la visita' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect(section.getByText('No se han podido guardar los cambios')).toBeInTheDocument();
  });
});
