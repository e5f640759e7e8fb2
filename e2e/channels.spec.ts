import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, label, signInViaApi, signOutViaApi, test } from './fixtures';

const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

// Reminders by SMS/WhatsApp and the after-visit message (issue 24, items 3 and 4). The e2e server has no SMS
// or WhatsApp provider configured, so both phone channels are off.
test.describe('Recordatorios y mensajes', () => {
  test('la administración ve los canales sin proveedor y activa el mensaje tras la visita; el paciente elige el correo y retira su consentimiento', async ({
    page,
  }) => {
    // On a phone, all of it.
    await page.setViewportSize({ width: 390, height: 844 });
    const withinWidth = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The demo paciente's record.
    await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD);
    const id = ((await (await page.request.get('/api/me/patient')).json()) as { id: string }).id;
    await signOutViaApi(page);

    await signInViaApi(page, DEMO.admin.email, DEMO_PASSWORD);
    const before = (await (await page.request.get('/api/settings/channels')).json()) as Record<string, unknown>;

    await page.goto('/admin/configuracion');
    const section = page.getByRole('region', { name: 'Recordatorios y mensajes' });
    await expect(section.getByRole('checkbox', { name: 'Correo electrónico' })).toBeChecked();
    const sms = section.getByRole('checkbox', { name: 'SMS' });
    await expect(sms).toBeDisabled();
    await expect(sms).toHaveAccessibleDescription('sin proveedor configurado');
    await expect(section.getByRole('checkbox', { name: 'WhatsApp' })).toBeDisabled();
    await section.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(
      page,
      'los recordatorios de la configuración',
      'section[aria-label="Recordatorios y mensajes"]',
    );

    try {
      await section.getByRole('switch', { name: 'Enviar un mensaje después de la visita' }).check();
      await section.getByRole('textbox', { name: label('Horas después de la visita') }).fill('24');
      await section.getByRole('button', { name: 'Guardar recordatorios' }).click();
      await expect(page.getByText('Recordatorios y mensajes guardados')).toBeVisible();
      await page.reload();
      await expect(section.getByRole('switch', { name: 'Enviar un mensaje después de la visita' })).toBeChecked();
      await expect(section.getByRole('textbox', { name: label('Horas después de la visita') })).toHaveValue('24 h');
      await expect(
        section.getByRole('textbox', { name: 'Enlace para dejar una reseña en Google (opcional)' }),
      ).toHaveValue('');
      await withinWidth();
    } finally {
      // Other specs read the demo patients' mail: the after-visit message goes back to how it was.
      const { providers: _providers, ...settings } = before;
      const restored = await page.request.put('/api/settings/channels', { headers: origin(page), data: settings });
      expect(restored.status(), await restored.text()).toBe(200);
    }

    // The desk records the demo patient's consent on her record (her preference was SMS, no longer offered).
    const reset = await page.request.put(`/api/patients/${id}/channel`, {
      headers: origin(page),
      data: { preferredChannel: 'sms', phoneConsent: false },
    });
    expect(reset.status()).toBe(200);
    await page.goto(`/admin/pacientes/${id}`);
    const desk = page.getByRole('region', { name: 'Recordatorios y mensajes' });
    await expect(desk.getByRole('radio', { name: 'SMS (la clínica ya no lo usa)' })).toBeChecked();
    await desk.getByRole('checkbox', { name: /Ha dado su consentimiento/ }).check();
    await desk.getByRole('button', { name: 'Guardar preferencias de aviso' }).click();
    await expect(
      desk.getByText(new RegExp(`^Consentimiento registrado el .+ por ${DEMO.admin.name}\\.$`)),
    ).toBeVisible();
    await withinWidth();
    await signOutViaApi(page);

    // The paciente.
    await signInViaApi(page, DEMO.paciente.email, DEMO_PASSWORD);
    await page.goto('/pacientes/perfil');
    const mine = page.getByRole('region', { name: 'Recordatorios de tus citas' });
    await expect(mine.getByText(new RegExp(`por ${DEMO.admin.name}\\.$`))).toBeVisible();
    await expect(mine.getByRole('radio')).toHaveCount(2);
    await mine.getByRole('radio', { name: 'Correo electrónico' }).check();
    const consent = mine.getByRole('checkbox', { name: /^Acepto recibir por SMS y WhatsApp/ });
    await expect(consent).toBeChecked();
    await consent.uncheck();
    await mine.getByRole('button', { name: 'Guardar preferencias de aviso' }).click();
    await expect(page.getByText('Preferencias de aviso guardadas')).toBeVisible();
    await withinWidth();

    await page.reload();
    // E-mail is the only channel the clinic offers now: her old SMS choice is gone.
    await expect(mine.getByRole('radio')).toHaveCount(1);
    await expect(mine.getByRole('radio', { name: 'Correo electrónico' })).toBeChecked();
    await expect(mine.getByRole('checkbox', { name: /^Acepto recibir por SMS y WhatsApp/ })).not.toBeChecked();
    await expect(mine.getByText(/^Consentimiento retirado el .+ por ti\.$/)).toBeVisible();
    await expectNoAxeViolations(page, '/pacientes/perfil');
  });
});
