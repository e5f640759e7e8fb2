import '../../../test/mantine-polyfills';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { ClinicExportCard } from './clinic-export-card';

describe('«Exportar toda la clínica»', () => {
  it('is a download of the whole clinic’s ZIP, saying what it holds and that it is on record', () => {
    renderScreen(<ClinicExportCard />);
    const link = screen.getByRole('link', { name: 'Exportar toda la clínica' });
    expect(link).toHaveAttribute('href', '/api/clinic-export');
    expect(link).toHaveAttribute('download');
    expect(screen.getByText(/El archivo LEEME\.md explica cada columna/)).toBeVisible();
    expect(screen.getByText(/Cada exportación queda en el registro de accesos/)).toBeVisible();
  });
});
