import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Patient } from '../../../../common/schemas/patients';
import { fixClock } from '../../../test/clock';
import { renderScreen } from '../../../test/render';
import { InsuranceBadges } from './insurance-badges';

afterEach(cleanup);

const patient = (overrides: Partial<Patient>) =>
  ({ insurer: 'Sanitas', insurerId: 'i-1', cardExpiry: '2026-11-30', ...overrides }) as Patient;

describe('her insurer on the chart', () => {
  it('warns from the day after the card’s expiry in the clinic, not on the day itself', () => {
    // 30 November at 23:30 in Madrid is still the card's last day.
    fixClock('2026-11-30T22:30:00Z');
    renderScreen(<InsuranceBadges patient={patient({})} />);
    expect(screen.getByText('Sanitas')).toBeInTheDocument();
    expect(screen.queryByText(/Tarjeta caducada/)).not.toBeInTheDocument();
    cleanup();

    fixClock('2026-11-30T23:30:00Z');
    renderScreen(<InsuranceBadges patient={patient({})} />);
    expect(screen.getByText('Tarjeta caducada el 30/11/2026')).toBeInTheDocument();
  });

  it('says «Privado» without an insurer, and warns of nothing', () => {
    fixClock('2027-06-01T10:00:00Z');
    renderScreen(<InsuranceBadges patient={patient({ insurerId: null, insurer: '' })} />);
    expect(screen.getByText('Privado')).toBeInTheDocument();
    expect(screen.queryByText(/Tarjeta caducada/)).not.toBeInTheDocument();
  });
});
