import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '../../../test/render';
import { CatalogueStep } from './catalogue-step';
import { SetupCard } from './setup-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the wizard’s starter catalogue', () => {
  it('sends only the ticked specialty, without the unticked service, at the price typed', async () => {
    const { calls } = stubApi(() => ({
      status: 200,
      body: { specialtiesCreated: ['Fisioterapia'], servicesCreated: [], skipped: [] },
    }));
    const onDone = vi.fn();
    const { user } = renderScreen(
      <CatalogueStep specialties={[{ id: 'x', name: 'Pediatría', doctorCount: 0 }]} onDone={onDone} onSkip={vi.fn()} />,
    );
    // What exists is told; nothing is ticked before she chooses.
    expect(screen.getByText('Ya existe')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar y seguir' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Marca al menos una especialidad');
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Fisioterapia' }));
    await user.click(screen.getByRole('checkbox', { name: /^Drenaje linfático/ }));
    const price = screen.getByRole('textbox', { name: 'Precio de Sesión de fisioterapia' });
    await user.clear(price);
    await user.type(price, '42,50');
    await user.click(screen.getByRole('button', { name: 'Guardar y seguir' }));

    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    const sent = calls.find((call) => call.method === 'POST')!;
    expect(sent.url).toContain('/api/setup-wizard/catalogue');
    expect(sent.body).toEqual({
      specialties: [
        {
          name: 'Fisioterapia',
          forMinors: false,
          services: [
            { name: 'Valoración de fisioterapia', durationMinutes: 60, priceCents: 5500, vat: 'exenta', note: '' },
            { name: 'Sesión de fisioterapia', durationMinutes: 45, priceCents: 4250, vat: 'exenta', note: '' },
            { name: 'Punción seca', durationMinutes: 30, priceCents: 4000, vat: 'exenta', note: '' },
          ],
        },
      ],
    });
  });
});

describe('«Configura tu clínica» on the dashboard', () => {
  const view = (changes: object) => ({
    steps: {},
    finished: false,
    dismissed: false,
    holidayRegion: null,
    emptyClinic: false,
    counts: { doctors: 1, services: 1, holidays: 0 },
    ...changes,
  });

  it('is offered to an empty clinic, and not to one already set up that never opened the wizard', async () => {
    stubApi(() => ({
      status: 200,
      body: view({ emptyClinic: true, counts: { doctors: 0, services: 0, holidays: 0 } }),
    }));
    renderScreen(<SetupCard />);
    expect(await screen.findByRole('link', { name: 'Empezar de cero' })).toHaveAttribute(
      'href',
      '/admin/configuracion/asistente',
    );
    cleanup();
    vi.unstubAllGlobals();

    const { calls } = stubApi(() => ({ status: 200, body: view({}) }));
    renderScreen(<SetupCard />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Configura tu clínica' })).not.toBeInTheDocument();
  });

  it('is offered while the wizard is half done, until she dismisses it', async () => {
    const { calls } = stubApi((call) =>
      call.method === 'POST'
        ? { status: 200, body: view({ steps: { clinica: 'hecho' }, dismissed: true }) }
        : { status: 200, body: view({ steps: { clinica: 'hecho' } }) },
    );
    const { user } = renderScreen(<SetupCard />);
    expect(await screen.findByRole('link', { name: 'Seguir con el asistente' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No mostrar más' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Configura tu clínica' })).not.toBeInTheDocument(),
    );
    expect(calls.find((call) => call.method === 'POST')!.url).toContain('/api/setup-wizard/dismiss');
  });
});
