import { Alert, Anchor, List, Text } from '@mantine/core';
import { api } from '../../../../common/api-paths';
import type { ImportRowError } from '../../../../common/schemas/patient-import';
import { count } from '../utils/labels';

/** Rows that will not (or could not) be imported, each with its row number and why, and the file to fix them in. */
export function RowErrors({ importId, errors, total }: { importId: string; errors: ImportRowError[]; total: number }) {
  if (total === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={`${count(total)} ${total === 1 ? 'fila no se importará' : 'filas no se importarán'}`}
    >
      <Text size="sm">
        No se pierde ninguna: descárgalas, corrígelas en la hoja de cálculo e impórtalas de nuevo (las dos columnas
        añadidas al final no se importan).
      </Text>
      <Anchor href={api.patientImportErrors(importId)} download size="sm" fw={600} c="red.9">
        Descargar las filas con errores (CSV)
      </Anchor>
      <List size="sm" mt="xs" spacing={2} aria-label="Filas con errores">
        {errors.map((error) => (
          <List.Item key={error.line}>
            Fila {error.line}: {error.reason}
          </List.Item>
        ))}
      </List>
      {total > errors.length && (
        <Text size="sm" mt="xs">
          … y {count(total - errors.length)} más en el archivo.
        </Text>
      )}
    </Alert>
  );
}
