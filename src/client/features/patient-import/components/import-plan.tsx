import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type {
  DuplicateChoice,
  ImportMapping,
  ImportPlanInput,
  ImportView,
} from '../../../../common/schemas/patient-import';
import { errorMessageOf } from '../../../lib/api-client';
import { useDryRunImport } from '../api/dry-run-import';
import { useStartImport } from '../api/start-import';
import { count } from '../utils/labels';
import { ColumnMapping } from './column-mapping';
import { DryRunSummary } from './dry-run-summary';
import { DuplicatesTable } from './duplicates-table';
import { RowErrors } from './row-errors';

const IMPORT_NOUNS: Record<ImportView['target'], [verb: string, one: string, many: string]> = {
  patients: ['Importar', 'paciente', 'pacientes'],
  appointments: ['Dar', 'cita', 'citas'],
  documents: ['Guardar', 'documento', 'documentos'],
};

const importLabel = (target: ImportView['target'], rows: number) => {
  const [verb, one, many] = IMPORT_NOUNS[target];
  return rows === 1 ? `${verb} 1 ${one}` : `${verb} ${count(rows)} ${many}`;
};

/**
 * An uploaded file on its way in: the columns mapped, a dry run (again after each decision on a duplicate),
 * and the start of the import with exactly the mapping and decisions the last dry run showed.
 */
export function ImportPlan({ view }: { view: ImportView }) {
  const [mapping, setMapping] = useState<ImportMapping>(view.mapping);
  const [choices, setChoices] = useState<Record<string, DuplicateChoice>>({});
  const [defaultChoice, setDefaultChoice] = useState<DuplicateChoice | null>(null);
  const dryRun = useDryRunImport(view.id);
  const start = useStartImport(view.id);
  /** The plan the report on screen answers; changing the mapping makes it stale. */
  const [checked, setChecked] = useState<ImportPlanInput | null>(null);

  const check = (plan: ImportPlanInput) => {
    setChecked(plan);
    dryRun.mutate(plan);
  };
  const changeMapping = (next: ImportMapping) => {
    setMapping(next);
    setChecked(null);
  };
  const report = checked && dryRun.data && !dryRun.isPending ? dryRun.data : null;
  const toWrite = report ? report.counts.create + report.counts.update : 0;

  return (
    <Stack gap="lg">
      <section aria-labelledby="import-columns">
        <Title order={2} size="h3" id="import-columns" mb="sm">
          1. Columnas
        </Title>
        <ColumnMapping
          view={view}
          mapping={mapping}
          onChange={changeMapping}
          onCheck={() => check({ mapping, choices, defaultChoice })}
          checking={dryRun.isPending && checked !== null}
        />
      </section>
      {dryRun.isError && (
        <Alert color="red" role="alert" title="No se ha podido comprobar el archivo">
          {errorMessageOf(dryRun.error)}
        </Alert>
      )}
      {checked && (dryRun.data || dryRun.isPending) && (
        <section aria-labelledby="import-check" aria-busy={dryRun.isPending}>
          <Title order={2} size="h3" id="import-check" mb="sm">
            2. Simulación
          </Title>
          {dryRun.isPending && <Text c="dimmed">Comprobando las filas…</Text>}
          {report && (
            <Stack gap="md">
              <DryRunSummary dryRun={report} target={view.target} />
              <DuplicatesTable
                duplicates={report.duplicates}
                total={report.duplicatesTotal}
                disabled={dryRun.isPending}
                onChoose={(line, choice) => {
                  const next = { ...choices, [String(line)]: choice };
                  setChoices(next);
                  check({ mapping, choices: next, defaultChoice });
                }}
                onChooseAll={(choice) => {
                  setChoices({});
                  setDefaultChoice(choice);
                  check({ mapping, choices: {}, defaultChoice: choice });
                }}
              />
              <RowErrors importId={view.id} errors={report.errors} total={report.errorsTotal} />
              {start.isError && (
                <Alert color="red" role="alert" title="No se ha podido empezar la importación">
                  {errorMessageOf(start.error)}
                </Alert>
              )}
              <Group>
                <Button onClick={() => start.mutate(checked)} loading={start.isPending} disabled={toWrite === 0}>
                  {importLabel(view.target, toWrite)}
                </Button>
                <Text size="sm" c="dimmed">
                  Se hace en segundo plano; cada fila queda en el registro de accesos y la importación entera se puede
                  deshacer durante 7 días.
                </Text>
              </Group>
            </Stack>
          )}
        </section>
      )}
    </Stack>
  );
}
