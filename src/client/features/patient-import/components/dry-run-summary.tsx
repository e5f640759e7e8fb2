import { Badge, Group, Table, Text } from '@mantine/core';
import { DOCUMENT_TYPE_LABELS, type DocumentType } from '../../../../common/identity-document';
import { IMPORT_ACTION_LABELS, type ImportDryRun, type ImportTarget } from '../../../../common/schemas/patient-import';
import { StackedTable } from '../../../components/stacked-table';
import { ACTION_COLORS, count, dmy } from '../utils/labels';
import { AppointmentPreview } from './appointment-preview';
import { DocumentPreview } from './document-preview';

/** What the import would do: how many rows of each kind, and the first rows as they will be stored. */
export function DryRunSummary({ dryRun, target }: { dryRun: ImportDryRun; target: ImportTarget }) {
  const { counts } = dryRun;
  const appointments = target === 'appointments';
  const documents = target === 'documents';
  return (
    <>
      <Group gap="xs" aria-label="Resultado de la simulación" role="group">
        <Badge color="green" size="lg" variant="light">
          {appointments ? 'Citas que se darán' : documents ? 'Documentos que se guardarán' : 'Se crearán'}:{' '}
          {count(counts.create)}
        </Badge>
        {!appointments && !documents && (
          <Badge color="blue" size="lg" variant="light">
            Se actualizarán: {count(counts.update)}
          </Badge>
        )}
        <Badge color="gray" size="lg" variant="light">
          Se omitirán: {count(counts.skip)}
        </Badge>
        <Badge color="red" size="lg" variant="light">
          Con errores: {count(counts.error)}
        </Badge>
      </Group>
      <Text fw={600} mt="md">
        Así se guardarán las primeras filas
      </Text>
      {appointments ? (
        <AppointmentPreview rows={dryRun.appointmentPreview} />
      ) : documents ? (
        <DocumentPreview rows={dryRun.documentPreview} />
      ) : (
        <PatientPreview dryRun={dryRun} />
      )}
    </>
  );
}

function PatientPreview({ dryRun }: { dryRun: ImportDryRun }) {
  return (
    <StackedTable minWidth={860} aria-label="Vista previa de las primeras filas">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Fila</Table.Th>
          <Table.Th>Qué pasará</Table.Th>
          <Table.Th>Nombre</Table.Th>
          <Table.Th>Apellidos</Table.Th>
          <Table.Th>Documento</Table.Th>
          <Table.Th>Nacimiento</Table.Th>
          <Table.Th>Teléfono</Table.Th>
          <Table.Th>Correo</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {dryRun.preview.map(({ line, action, values }) => (
          <Table.Tr key={line}>
            <Table.Td data-label="Fila">{line}</Table.Td>
            <Table.Td data-label="Qué pasará">
              <Badge color={ACTION_COLORS[action]} variant="light">
                {IMPORT_ACTION_LABELS[action]}
              </Badge>
            </Table.Td>
            <Table.Td data-label="Nombre">{values.firstName}</Table.Td>
            <Table.Td data-label="Apellidos">{values.lastName}</Table.Td>
            <Table.Td data-label="Documento">
              {values.documentNumber
                ? `${DOCUMENT_TYPE_LABELS[values.documentType as DocumentType] ?? ''} ${values.documentNumber}`
                : ''}
            </Table.Td>
            <Table.Td data-label="Nacimiento">{dmy(values.birthDate)}</Table.Td>
            <Table.Td data-label="Teléfono">{values.phone}</Table.Td>
            <Table.Td data-label="Correo">{values.email}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
