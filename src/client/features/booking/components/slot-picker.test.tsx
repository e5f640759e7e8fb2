import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Availability } from '../../../../common/schemas/appointments';
import { renderScreen, stubApi } from '../../../test/render';
import type { PickedSlot } from '../utils/slots';
import { SlotPicker } from './slot-picker';

const ANA = '0b7c6b43-9d0e-4a57-9c84-2f1d0c3f4a11';
const LUIS = '5f0e8a77-1c2d-4b3e-8f90-a1b2c3d4e5f6';
const CARDIO = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const doctor = (id: string, displayName: string, slots: Availability['doctors'][number]['slots']) => ({
  id,
  displayName,
  specialty: 'Cardiología',
  color: '#0ca678',
  appointmentMinutes: 30,
  slots,
});
const slot = (startsAt: string) => ({ startsAt, endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString() });

/** The picker as a screen uses it: the chosen slot lives in the parent. */
function Harness({
  onChange,
  ...target
}: {
  doctorId?: string;
  specialtyId?: string;
  onChange: (slot: PickedSlot) => void;
}) {
  const [value, setValue] = useState<PickedSlot | null>(null);
  return (
    <SlotPicker
      {...target}
      timeZone="Europe/Madrid"
      horizonDays={30}
      value={value}
      onChange={(picked) => {
        setValue(picked);
        onChange(picked);
      }}
    />
  );
}

beforeEach(() => {
  // Monday 23 March 2026, 07:00 in Madrid. Only Date is faked: promises and user events run as usual.
  vi.useFakeTimers({ now: new Date('2026-03-23T06:00:00Z'), toFake: ['Date'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('slot picker', () => {
  it('shows the days of the week and the times in the clinic zone, and calls back with the chosen slot', async () => {
    const { calls } = stubApi(({ url }) => {
      const query = new URL(url, 'http://localhost').searchParams;
      if (query.get('from') === '2026-03-23') {
        return {
          status: 200,
          body: {
            timeZone: 'Europe/Madrid',
            doctors: [
              doctor(ANA, 'Dra. Ana Ruiz', [
                slot('2026-03-23T08:00:00.000Z'),
                slot('2026-03-23T08:30:00.000Z'),
                slot('2026-03-24T14:00:00.000Z'),
              ]),
            ],
          } satisfies Availability,
        };
      }
      // The next week starts after the change to summer time: 07:00 UTC is 09:00 in Madrid.
      return {
        status: 200,
        body: {
          timeZone: 'Europe/Madrid',
          doctors: [doctor(ANA, 'Dra. Ana Ruiz', [slot('2026-03-30T07:00:00.000Z')])],
        },
      };
    });
    const onChange = vi.fn();
    const { user } = renderScreen(<Harness doctorId={ANA} onChange={onChange} />);

    const days = await screen.findByRole('group', { name: 'Días de la semana' });
    expect(within(days).getAllByRole('button')).toHaveLength(7);
    expect(within(days).getByRole('button', { name: /lun\s*23 mar\s*2 libres/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(days).getByRole('button', { name: /mar\s*24 mar\s*1 libre/ })).toBeEnabled();
    expect(within(days).getByRole('button', { name: /mié\s*25 mar\s*Sin horas/ })).toBeDisabled();
    expect(calls[0]!.url).toBe(`/api/public/availability?doctorId=${ANA}&from=2026-03-23&to=2026-03-29`);

    // 08:00 UTC is 09:00 in Madrid in winter.
    const times = screen.getByRole('group', { name: 'Horas libres del lunes, 23 de marzo' });
    expect(within(times).getByRole('button', { name: '09:00' })).toBeInTheDocument();
    await user.click(within(times).getByRole('button', { name: '09:30' }));
    expect(onChange).toHaveBeenCalledWith({
      ...slot('2026-03-23T08:30:00.000Z'),
      doctorId: ANA,
      doctorName: 'Dra. Ana Ruiz',
    });
    expect(within(times).getByRole('button', { name: '09:30' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(days).getByRole('button', { name: /mar\s*24 mar/ }));
    expect(screen.getByRole('button', { name: '15:00' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Semana siguiente' }));
    expect(await screen.findByRole('button', { name: '09:00' })).toBeInTheDocument();
    expect(screen.getByText('Semana del 30 de marzo al 5 de abril')).toBeInTheDocument();
    expect(calls.at(-1)!.url).toBe(`/api/public/availability?doctorId=${ANA}&from=2026-03-30&to=2026-04-05`);
    expect(screen.getByRole('button', { name: 'Semana anterior' })).toBeEnabled();
  });

  it('merges the professionals of a specialty and names the professional of each time', async () => {
    const { calls } = stubApi(() => ({
      status: 200,
      body: {
        timeZone: 'Europe/Madrid',
        doctors: [
          doctor(ANA, 'Dra. Ana Ruiz', [slot('2026-03-23T09:00:00.000Z')]),
          doctor(LUIS, 'Dr. Luis Gil', [slot('2026-03-23T08:00:00.000Z'), slot('2026-03-23T09:00:00.000Z')]),
        ],
      } satisfies Availability,
    }));
    const onChange = vi.fn();
    const { user } = renderScreen(<Harness specialtyId={CARDIO} onChange={onChange} />);

    const times = await screen.findByRole('group', { name: 'Horas libres del lunes, 23 de marzo' });
    expect(
      within(times)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['09:00 Dr. Luis Gil', '10:00 Dr. Luis Gil', '10:00 Dra. Ana Ruiz']);
    await user.click(within(times).getByRole('button', { name: /10:00\s*Dra. Ana Ruiz/ }));
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ doctorId: ANA, startsAt: '2026-03-23T09:00:00.000Z' }),
    );
    expect(calls[0]!.url).toBe(`/api/public/availability?specialtyId=${CARDIO}&from=2026-03-23&to=2026-03-29`);
  });

  it('says so when the week has no free time', async () => {
    stubApi(() => ({ status: 200, body: { timeZone: 'Europe/Madrid', doctors: [doctor(ANA, 'Dra. Ana Ruiz', [])] } }));
    renderScreen(<Harness doctorId={ANA} onChange={vi.fn()} />);
    expect(await screen.findByText('No hay horas libres esta semana. Prueba la semana siguiente.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Semana anterior' })).toBeDisabled();
  });

  it('on a Saturday shows the week from Monday, its days gone as «Pasado», and a holiday by its name', async () => {
    // Saturday 4 April 2026, 19:00 in Madrid (summer time): the evening of a weekend.
    vi.setSystemTime(new Date('2026-04-04T17:00:00Z'));
    const { calls } = stubApi(({ url }) => {
      const query = new URL(url, 'http://localhost').searchParams;
      return {
        status: 200,
        body: {
          timeZone: 'Europe/Madrid',
          holidays: query.get('from') === '2026-04-06' ? [{ date: '2026-04-06', name: 'Lunes de Pascua' }] : [],
          doctors: [doctor(ANA, 'Dra. Ana Ruiz', [slot('2026-04-07T07:00:00.000Z')])],
        } satisfies Availability,
      };
    });
    const { user } = renderScreen(<Harness doctorId={ANA} onChange={vi.fn()} />);

    const days = await screen.findByRole('group', { name: 'Días de la semana' });
    expect(screen.getByText('Semana del 30 de marzo al 5 de abril')).toBeInTheDocument();
    const labels = within(days)
      .getAllByRole('button')
      .map((button) => button.textContent?.replace(/\s+/g, ' ').trim());
    expect(labels[0]).toMatch(/^lun ?30 mar ?Pasado$/);
    expect(labels[4]).toMatch(/^vie ?3 abr ?Pasado$/);
    expect(labels[5]).toMatch(/^sáb ?4 abr ?Sin horas$/);
    // Only today and tomorrow are asked: the days gone have no times to ask for.
    expect(calls[0]!.url).toBe(`/api/public/availability?doctorId=${ANA}&from=2026-04-04&to=2026-04-05`);
    expect(screen.getByRole('button', { name: 'Semana anterior' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Semana siguiente' }));
    expect(screen.getByText('Semana del 6 al 12 de abril')).toBeInTheDocument();
    const next = await screen.findByRole('group', { name: 'Días de la semana' });
    expect(await within(next).findByRole('button', { name: /lun\s*6 abr\s*Lunes de Pascua/ })).toBeDisabled();
    expect(within(next).getByRole('button', { name: /mar\s*7 abr\s*1 libre/ })).toBeEnabled();
  });
});
