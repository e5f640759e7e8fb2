import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { About, VerifactuIncident, VerifactuMode } from '../../../../common/schemas/verifactu';
import { renderScreen, stubApi } from '../../../test/render';
import { BillingModeBanner } from './billing-mode-banner';
import { ModePanel } from './mode-panel';
import { VerifactuSettingsCard } from './verifactu-settings-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const READY: VerifactuMode = {
  mode: 'pruebas',
  productionSince: null,
  issuerNif: 'B12345674',
  certificate: {
    status: 'loaded',
    holder: 'CLINICA SALUD NORTE SL',
    nif: 'B12345674',
    validTo: '2027-01-20T10:00:00.000Z',
    daysLeft: 20,
    reason: null,
  },
  sending: {
    ok: true,
    detail:
      'Modo pruebas: las facturas no tienen valor fiscal. Los registros de facturación se envían al entorno de pruebas de la AEAT.',
  },
  productionBlockers: [],
  representativeNeeded: false,
  certificateWarning: 'El certificado caduca el 20/01/2027 (quedan 20 días): renuévalo antes.',
  system: {
    producerName: 'Clínica Software, S.L.',
    producerNif: 'B00000000',
    producerAddress: 'Apartado de Correos 1, 28080 Madrid, España',
    name: 'Clínica',
    id: 'CL',
    version: '0.1.0',
    installationNumber: '0b6f3a52-58e3-4b0e-9d1c-3f0f2b7f5e11',
  },
  openIncident: null,
};

const OUTAGE: VerifactuIncident = {
  id: 1,
  issuerNif: 'B12345674',
  mode: 'produccion',
  startedAt: '2027-01-04T09:00:00.000Z',
  endedAt: '2027-01-04T09:42:00.000Z',
  reason: 'El servicio de la AEAT respondió HTTP 503',
  lastError: 'No se pudo contactar con la AEAT (ECONNREFUSED)',
};

/** The server: `mode` until a POST switches it to `switched`. */
function stub(mode: VerifactuMode, incidents: VerifactuIncident[] = [], switched?: VerifactuMode) {
  let now = mode;
  return stubApi((call) => {
    if (call.url === '/api/verifactu/incidents') return { status: 200, body: { incidents } };
    if (call.url === '/api/public/clinic') return { status: 200, body: { timeZone: 'Europe/Madrid' } };
    if (call.method === 'POST') now = switched!;
    return { status: 200, body: now };
  });
}

describe('the billing mode in «VERI*FACTU»', () => {
  it('shows the certificate’s holder, NIF and expiry with its warning, and the system the records name', async () => {
    stub(READY);
    renderScreen(<ModePanel />);
    expect(await screen.findByText('Pruebas')).toBeVisible();
    expect(screen.getByText(READY.sending.detail)).toBeVisible();
    expect(screen.getByText('Titular: CLINICA SALUD NORTE SL')).toBeVisible();
    expect(screen.getByText('NIF del titular: B12345674')).toBeVisible();
    expect(screen.getByText('Caduca el 20 de enero de 2027')).toBeVisible();
    expect(screen.getByText(READY.certificateWarning!)).toBeVisible();
    expect(screen.getByText('Productor del programa: Clínica Software, S.L. (NIF B00000000)')).toBeVisible();
    expect(screen.getByText(READY.system.installationNumber)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Declaración responsable del productor' })).toHaveAttribute(
      'href',
      '/acerca-de',
    );
    expect(await screen.findByText(/^Ninguna: la AEAT ha respondido/)).toBeVisible();
  });

  it('lists what stops producción, and offers no switch until it is fixed', async () => {
    stub({
      ...READY,
      certificate: { ...READY.certificate, status: 'absent', holder: null, nif: null, validTo: null, daysLeft: null },
      certificateWarning: null,
      productionBlockers: ['No hay certificado electrónico configurado: pide al responsable técnico que lo instale.'],
    });
    renderScreen(<ModePanel />);
    expect(
      await screen.findByText(/No hay certificado electrónico configurado: pide al responsable técnico/),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pasar a producción…' })).toBeDisabled();
    expect(
      screen.getByText(/^No hay certificado configurado\. El responsable técnico de la instalación/),
    ).toBeVisible();
    expect(document.body).not.toHaveTextContent(/VERIFACTU_[A-Z_]+/);
  });

  it('switches after the admin confirms the holder is a representative and that it cannot be undone', async () => {
    const representative = { ...READY, representativeNeeded: true, issuerNif: 'A58818501' };
    const { calls } = stub(representative, [], {
      ...READY,
      mode: 'produccion',
      productionSince: '2027-01-02T08:00:00.000Z',
      sending: { ok: true, detail: 'Los registros de facturación se envían a la AEAT.' },
    });
    const { user } = renderScreen(<ModePanel />);
    await user.click(await screen.findByRole('button', { name: 'Pasar a producción…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pasar la facturación a producción' });
    expect(dialog).toHaveTextContent('se numeran en series nuevas (FV, SV y RV) desde el 1');
    const confirm = within(dialog).getByRole('button', { name: 'Pasar a producción' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Entiendo que no tiene vuelta atrás.' }));
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /está registrado en la AEAT como representante/ }));
    await user.click(confirm);
    expect(await screen.findByText('Producción')).toBeVisible();
    expect(screen.getByText(/^En producción desde el 2 ene 2027/)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/verifactu/mode', body: { mode: 'produccion', confirm: true, representative: true } },
    ]);
  });

  it('lists each outage with its start and end', async () => {
    stub({ ...READY, mode: 'produccion', productionSince: '2027-01-02T08:00:00.000Z' }, [
      { ...OUTAGE, id: 2, startedAt: '2027-01-05T17:30:00.000Z', endedAt: null },
      OUTAGE,
    ]);
    renderScreen(<ModePanel />);
    const list = await screen.findByRole('list', { name: 'Incidencias de envío a la AEAT' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      'Desde el 5 ene 2027, 18:30 (en curso, producción): El servicio de la AEAT respondió HTTP 503 · último error: No se pudo contactar con la AEAT (ECONNREFUSED)',
    );
    expect(items[1]).toHaveTextContent('Desde el 4 ene 2027, 10:00 hasta el 4 ene 2027, 10:42 (42 min, producción)');
  });
});

describe('the desk’s banner', () => {
  it('says plainly why records cannot be sent in producción', async () => {
    const detail =
      'La AEAT no responde desde el 05/01/2027, 18:30 (El servicio de la AEAT respondió HTTP 503). Las facturas se siguen emitiendo.';
    stub({ ...READY, mode: 'produccion', sending: { ok: false, detail }, certificateWarning: null });
    renderScreen(<BillingModeBanner />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pueden enviar los registros a la AEAT');
    expect(alert).toHaveTextContent(detail);
  });

  it('says nothing in producción when all is well', async () => {
    const { calls } = stub({ ...READY, mode: 'produccion', certificateWarning: null });
    renderScreen(<BillingModeBanner />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Configuración’s «VERI*FACTU»', () => {
  it('shows the mode, the system and, opened, the producer’s declaración responsable', async () => {
    const about: About = {
      system: READY.system,
      declaration: {
        title: 'Declaración responsable del sistema informático de facturación',
        items: [
          { key: 'a', label: 'Nombre del sistema informático', text: 'Clínica' },
          { key: 'k', label: 'Declaración de cumplimiento', text: 'cumple con lo dispuesto en el artículo 29.2.j)' },
        ],
      },
    };
    stubApi((call) => ({ status: 200, body: call.url === '/api/public/about' ? about : READY }));
    const { user } = renderScreen(<VerifactuSettingsCard />);
    expect(await screen.findByText('Pruebas')).toBeVisible();
    expect(
      await screen.findByText(
        'Sistema informático: Clínica (código CL), versión 0.1.0, de Clínica Software, S.L. (NIF B00000000).',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Declaración responsable del productor' }));
    await waitFor(() => expect(screen.getByText('k) Declaración de cumplimiento')).toBeVisible());
    expect(screen.getByText('cumple con lo dispuesto en el artículo 29.2.j)')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Acerca de Clínica' })).toHaveAttribute('href', '/acerca-de');
  });
});
