import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClinicService } from '../../../../common/schemas/clinic-services';
import type { ConsentTemplate, ConsentVersion } from '../../../../common/schemas/consents';
import { renderScreen, stubApi } from '../../../test/render';
import ConsentsPage from './consents';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const service = (id: string, name: string, active = true): ClinicService => ({
  id,
  name,
  specialtyId: 's-1',
  specialty: 'Traumatología',
  doctors: [],
  durationMinutes: 20,
  priceCents: 9000,
  vat: 'exenta',
  bookableOnline: false,
  active,
  note: '',
  appointmentCount: 0,
  depositCents: null,
  depositRefundHours: 48,
});
const services = [service('c-1', 'Infiltración'), service('c-2', 'Ecografía'), service('c-3', 'Mesoterapia', false)];
const version = (number: number, risks: string): ConsentVersion => ({
  id: `v-${number}`,
  number,
  title: 'Consentimiento para infiltración',
  body: 'Una **infiltración** en la rodilla.',
  consequences: '',
  risks,
  alternatives: '',
  services: [{ id: 'c-1', name: 'Infiltración', specialty: 'Traumatología' }],
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: 'Marta Sánchez Ruiz',
  publishedAt: `2026-11-2${number}T09:00:00.000Z`,
});
const template = (versions: ConsentVersion[]): ConsentTemplate => ({
  id: 't-1',
  title: versions[0]!.title,
  state: 'activa',
  currentVersion: versions[0]!.number,
  publishedAt: versions[0]!.publishedAt,
  services: versions[0]!.services,
  versions,
});

describe('«Consentimientos»', () => {
  it('writes a template with a live, sanitised preview and sends it to be published as version 1', async () => {
    const { calls } = stubApi((call) => {
      if (call.url === '/api/services') return { status: 200, body: services };
      if (call.method === 'POST') return { status: 201, body: template([version(1, '- Dolor')]) };
      if (call.url === '/api/consent-templates/t-1') return { status: 200, body: template([version(1, '- Dolor')]) };
      return { status: 200, body: [] };
    });
    const { user } = renderScreen(<ConsentsPage />);
    const write = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    expect(await screen.findByText('Aún no hay plantillas de consentimiento')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nueva plantilla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva plantilla de consentimiento' });
    // Written at once (key by key draws the form again at each key: not what this test is about).
    await write(within(dialog).getByRole('textbox', { name: 'Título' }), 'Consentimiento para infiltración');
    await user.click(within(dialog).getByRole('combobox', { name: 'Servicios a los que se aplica' }));
    // Only active services are offered.
    expect(screen.queryByRole('option', { name: 'Mesoterapia' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Infiltración' }));
    const body = within(dialog).getByRole('textbox', { name: 'Descripción del procedimiento' });
    await write(body, 'Una **infiltración** <script>alert(1)</script>');
    const preview = within(dialog).getByRole('region', { name: 'Vista previa: descripción del procedimiento' });
    expect(await within(preview).findByText('infiltración', { selector: 'strong' })).toBeInTheDocument();
    expect(preview.querySelector('script')).toBeNull();
    expect(preview).toHaveTextContent('<script>alert(1)</script>');
    await write(within(dialog).getByRole('textbox', { name: 'Riesgos' }), '- Dolor');
    await user.click(within(dialog).getByRole('button', { name: 'Publicar versión' }));

    expect(await screen.findByText('Versión 1 publicada')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      title: 'Consentimiento para infiltración',
      serviceIds: ['c-1'],
      body: 'Una **infiltración** <script>alert(1)</script>',
      consequences: '',
      risks: '- Dolor',
      alternatives: '',
    });
  });

  it('shows the current version in the list, the server’s messages on the fields, and the history as published', async () => {
    const current = template([version(2, '- Dolor\n- Hematoma'), version(1, '- Dolor')]);
    stubApi((call) => {
      if (call.url === '/api/services') return { status: 200, body: services };
      if (call.url === '/api/consent-templates/t-1') return { status: 200, body: current };
      if (call.method === 'POST') {
        const fields = { risks: 'Escribe los riesgos' };
        return { status: 400, body: { error: { code: 'VALIDATION', message: 'Escribe los riesgos', fields } } };
      }
      const { versions: _versions, ...summary } = current;
      return { status: 200, body: [summary] };
    });
    const { user } = renderScreen(<ConsentsPage />);
    const row = (await screen.findByRole('button', { name: 'Consentimiento para infiltración' })).closest('tr')!;
    expect(within(row).getByText('v2')).toBeInTheDocument();
    expect(within(row).getByText('Infiltración')).toBeInTheDocument();
    expect(within(row).getByText('Activa')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Consentimiento para infiltración' }));
    const drawer = await screen.findByRole('dialog', { name: 'Consentimiento para infiltración' });
    expect(await within(drawer).findByText(/v1 · Consentimiento/)).toBeInTheDocument();
    expect(within(drawer).getByText('Vigente')).toBeInTheDocument();
    expect(within(drawer).getByText('Hematoma')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Publicar versión nueva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versión 3 de «Consentimiento para infiltración»' });
    const risks = within(dialog).getByRole('textbox', { name: 'Riesgos' });
    expect(risks).toHaveValue('- Dolor\n- Hematoma');
    await user.clear(risks);
    await user.click(within(dialog).getByRole('button', { name: 'Publicar versión' }));
    expect(await within(dialog).findByText('Escribe los riesgos')).toBeInTheDocument();
  });
});
