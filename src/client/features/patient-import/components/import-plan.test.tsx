import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportDryRun, ImportView } from '../../../../common/schemas/patient-import';
import { renderScreen, stubApi, type ApiCall } from '../../../test/render';
import { ImportPlan } from './import-plan';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const view: ImportView = {
  id: 'imp-1',
  target: 'patients',
  fileName: 'pacientes.csv',
  kind: 'csv',
  encoding: 'windows-1252',
  separator: ';',
  header: ['Nombre', 'Apellidos', 'DNI', 'F. Nacimiento', 'Última visita'],
  sample: [
    ['Íñigo', 'Muñoz Peña', '87654321X', '05/03/1980', '01/10/2026'],
    ['Lucía', 'Pérez García', '12345678Z', '12/04/1985', ''],
  ],
  totalRows: 2,
  mapping: ['firstName', 'lastName', 'documentNumber', 'birthDate', null],
  status: 'uploaded',
  processedRows: 0,
  counts: { create: 0, update: 0, skip: 0, error: 0 },
  keptOnUndo: 0,
  createdBy: 'Marta Admin',
  createdAt: '2026-11-29T09:00:00.000Z',
  finishedAt: null,
  undoneAt: null,
  undoUntil: null,
  failure: null,
};

const person = (name: string, documentNumber: string) => ({
  name,
  documentNumber,
  birthDate: '1985-04-12',
  phone: '',
  email: '',
});

const values = (firstName: string, lastName: string, documentNumber: string, birthDate: string) => ({
  firstName,
  lastName,
  documentType: 'dni',
  documentNumber,
  birthDate,
  sex: null,
  phone: '',
  email: '',
  address: '',
  insurer: '',
  policyNumber: '',
  allergies: '',
  medicalHistory: '',
  notes: '',
});

/** The server's dry run: Lucía (row 3) is a record the clinic has; «update» turns her from omitted to updated. */
function dryRunFor(call: ApiCall): ImportDryRun {
  const choice = (call.body as { choices: Record<string, string> }).choices['3'] ?? 'skip';
  return {
    counts: { create: 1, update: choice === 'update' ? 1 : 0, skip: choice === 'skip' ? 1 : 0, error: 0 },
    preview: [
      { line: 2, action: 'create', values: values('Íñigo', 'Muñoz Peña', '87654321X', '1980-03-05') },
      {
        line: 3,
        action: choice === 'update' ? 'update' : 'skip',
        values: values('Lucía', 'Pérez García', '12345678Z', '1985-04-12'),
      },
    ],
    appointmentPreview: [],
    documentPreview: [],
    duplicates: [
      {
        line: 3,
        row: person('Lucía Pérez García', '12345678Z'),
        matchedBy: ['document', 'nameBirth'],
        strong: true,
        against: { kind: 'existing', patientId: 'p-lucia', person: person('Lucía Pérez García', '12345678Z') },
        choice: choice as 'skip',
        allowed: ['skip', 'update'],
      },
    ],
    duplicatesTotal: 1,
    errors: [],
    errorsTotal: 0,
  };
}

describe('the mapping screen of an import', () => {
  it('shows the guessed field of each column, says what is missing, and runs dry with the chosen mapping', async () => {
    const { calls } = stubApi((call) => {
      if (call.url.endsWith('/dry-run')) return { status: 200, body: dryRunFor(call) };
      if (call.url.endsWith('/start')) return { status: 202, body: { ...view, status: 'queued' } };
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No encontrado' } } };
    });
    const { user } = renderScreen(<ImportPlan view={view} />);

    expect(screen.getByText(/«pacientes\.csv»: 2 filas · CSV separado por «;» · Windows-1252/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Columnas del archivo' });
    expect(within(table).getByText('Íñigo · Lucía')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Campo de la columna «Nombre»' })).toHaveValue('Nombre');
    expect(screen.getByRole('combobox', { name: 'Campo de la columna «F. Nacimiento»' })).toHaveValue(
      'Fecha de nacimiento',
    );
    expect(screen.getByRole('combobox', { name: 'Campo de la columna «Última visita»' })).toHaveValue('No importar');

    // Without the name the dry run cannot start, and the screen says why.
    await user.click(screen.getByRole('combobox', { name: 'Campo de la columna «Nombre»' }));
    await user.click(await screen.findByRole('option', { name: 'No importar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Elige la columna del nombre (o la del nombre completo).');
    expect(screen.getByRole('button', { name: 'Comprobar sin importar' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Campo de la columna «Nombre»' }));
    await user.click(await screen.findByRole('option', { name: 'Nombre' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Comprobar sin importar' }));
    expect(await screen.findByText('Se crearán: 1')).toBeInTheDocument();
    expect(screen.getByText('Se omitirán: 1')).toBeInTheDocument();
    const preview = screen.getByRole('table', { name: 'Vista previa de las primeras filas' });
    expect(within(preview).getByText('05/03/1980')).toBeInTheDocument();
    expect(within(preview).getByText('DNI 87654321X')).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/patient-imports/imp-1/dry-run',
      body: { mapping: view.mapping, choices: {}, defaultChoice: null },
    });

    // Each duplicate has its own choice; «create» is not offered for the same document. The dry run runs again.
    const choice = screen.getByRole('combobox', { name: 'Qué hacer con la fila 3' });
    expect(choice).toHaveValue('Omitir la fila');
    await user.click(choice);
    expect(screen.queryByRole('option', { name: 'Crear otra ficha' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Actualizar la ficha existente' }));
    expect(await screen.findByText('Se actualizarán: 1')).toBeInTheDocument();
    expect(calls[1]!.body).toEqual({ mapping: view.mapping, choices: { 3: 'update' }, defaultChoice: null });

    await user.click(screen.getByRole('button', { name: 'Importar 2 pacientes' }));
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/patient-imports/imp-1/start'));
    expect(calls.at(-1)!.body).toEqual({ mapping: view.mapping, choices: { 3: 'update' }, defaultChoice: null });
  });
});

describe('a ZIP of documents on its way in', () => {
  it('runs dry with the file column, shows whose chart each file goes to and why not, and files them', async () => {
    const zip: ImportView = {
      ...view,
      id: 'imp-2',
      target: 'documents',
      fileName: 'documentos.zip',
      kind: 'zip',
      encoding: null,
      separator: null,
      header: ['Archivo', 'Tamaño (bytes)'],
      sample: [['87654321X.pdf', '20480']],
      totalRows: 2,
      mapping: ['documentFile', null],
    };
    const dryRun: ImportDryRun = {
      counts: { create: 1, update: 0, skip: 0, error: 1 },
      preview: [],
      appointmentPreview: [],
      documentPreview: [
        {
          line: 1,
          action: 'create',
          file: 'H-502/Informe alta.pdf',
          patient: 'Rosa Gil',
          type: 'informes',
          size: 2_411_725,
          reason: '',
        },
        { line: 2, action: 'error', file: '00000000T.pdf', patient: '', type: 'otros', size: 20_480, reason: 'Nadie' },
      ],
      duplicates: [],
      duplicatesTotal: 0,
      errors: [{ line: 2, reason: 'Ningún paciente tiene el documento «00000000T»' }],
      errorsTotal: 1,
    };
    const { calls } = stubApi((call) =>
      call.url.endsWith('/dry-run')
        ? { status: 200, body: dryRun }
        : { status: 202, body: { ...zip, status: 'queued' } },
    );
    const { user } = renderScreen(<ImportPlan view={zip} />);
    expect(screen.getByText(/«documentos\.zip»: 2 archivos · ZIP/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Comprobar sin importar' }));
    expect(await screen.findByText('Documentos que se guardarán: 1')).toBeInTheDocument();
    expect(screen.queryByText(/Se actualizarán/)).not.toBeInTheDocument();
    const preview = screen.getByRole('table', { name: 'Vista previa de los primeros documentos' });
    const [, first, second] = within(preview).getAllByRole('row');
    expect(within(first!).getByText('Rosa Gil')).toBeInTheDocument();
    expect(within(first!).getByText('Informes')).toBeInTheDocument();
    expect(within(first!).getByText('2,3 MB')).toBeInTheDocument();
    expect(within(second!).getByText('Nadie')).toBeInTheDocument();
    expect(within(second!).getByText('Con errores')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar 1 documento' }));
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/patient-imports/imp-2/start'));
    expect(calls.at(-1)!.body).toEqual({ mapping: ['documentFile', null], choices: {}, defaultChoice: null });
  });
});
