import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PatientFile } from '../../../../common/schemas/files';
import { renderScreen } from '../../../test/render';
import { FileTable } from './file-table';

const file = {
  id: 'f1',
  name: 'Análisis de sangre.pdf',
  description: 'Hemograma',
  type: 'analisis',
  mime: 'application/pdf',
  size: 2048,
  createdAt: '2026-01-12T09:00:00.000Z',
  patient: null,
} as unknown as PatientFile;

function phoneScreen(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches,
        media: query,
        onchange: null,
        addListener() {},
        removeListener() {},
        addEventListener() {},
        removeEventListener() {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('FileTable on a phone', () => {
  it('stacks each file as a card whose cells name their column, the actions included', () => {
    phoneScreen(true);
    renderScreen(<FileTable files={[file]} showPatient={false} />);
    const table = screen.getByRole('table', { name: 'Archivos' });
    expect(table).toHaveAttribute('data-stacked');
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Archivo',
      'Tipo',
      'Fecha',
      'Tamaño',
      'Acciones',
    ]);
    expect(within(table).getByRole('link', { name: 'Descargar Análisis de sangre.pdf' })).toBeInTheDocument();
  });

  it('stays a table on a wide screen', () => {
    phoneScreen(false);
    renderScreen(<FileTable files={[file]} showPatient={false} />);
    expect(screen.getByRole('table', { name: 'Archivos' })).not.toHaveAttribute('data-stacked');
  });
});
