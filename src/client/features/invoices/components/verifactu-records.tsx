import { Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import {
  SUBMISSION_STATUS_LABELS,
  type RecordList,
  type SubmissionStatusName,
} from '../../../../common/schemas/verifactu-records';
import { ListPagination } from '../../../components/list-pagination';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatDateTime } from '../../../lib/dates';
import { useVerifactuRecords } from '../api/get-verifactu-records';
import { RecordCorrectionModal } from './record-correction-modal';

const STATUS_COLORS: Record<SubmissionStatusName, string> = {
  pendiente: 'gray',
  enviando: 'blue',
  aceptado: 'teal',
  aceptado_con_errores: 'orange',
  rechazado: 'red',
};

type RecordRow = RecordList['records'][number];

const kindLabel = (record: RecordRow) =>
  record.kind === 'anulacion' ? 'Anulación' : record.correction ? 'Alta (subsanación)' : 'Alta';

/** What the AEAT said of it, in the clinic's words. */
function answerOf(record: RecordRow, timeZone: string): string {
  const error = record.errorCode ? `Error ${record.errorCode}: ${record.errorDescription ?? ''}`.trim() : '';
  if (record.status === 'pendiente' || record.status === 'enviando')
    return error ? `Aún sin respuesta (último intento: ${error})` : 'Aún sin respuesta';
  const when = record.answeredAt ? `${formatDateTime(record.answeredAt, timeZone)}. ` : '';
  const corrected = record.correctedBy ? ` Corregido por el registro nº ${record.correctedBy}.` : '';
  return `${when}${error || 'Sin errores.'}${corrected}`;
}

function RecordsTable({
  records,
  timeZone,
  onCorrect,
}: {
  records: RecordRow[];
  timeZone: string;
  onCorrect: (record: RecordRow) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table aria-label="Registros de facturación" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nº</Table.Th>
            <Table.Th>Registro</Table.Th>
            <Table.Th>Factura</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th>Respuesta de la AEAT</Table.Th>
            <Table.Th>CSV</Table.Th>
            <Table.Th>
              <VisuallyHidden>Acciones</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={record.id}>
              <Table.Td>{record.position}</Table.Td>
              <Table.Td>{kindLabel(record)}</Table.Td>
              <Table.Td>{record.invoiceNumber}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge color={STATUS_COLORS[record.status]} variant="light">
                    {SUBMISSION_STATUS_LABELS[record.status]}
                  </Badge>
                  {record.pendingCorrection && (
                    <Badge color="red" variant="outline">
                      Pendiente de corregir
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{answerOf(record, timeZone)}</Text>
              </Table.Td>
              <Table.Td>{record.csv ?? '—'}</Table.Td>
              <Table.Td>
                {record.pendingCorrection && (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Corregir el registro nº ${record.position} (${record.invoiceNumber})`}
                    onClick={() => onCorrect(record)}
                  >
                    Corregir
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** «Registros»: every record of the chain, the newest first, with its invoice, state, the AEAT's answer and CSV. */
export function VerifactuRecords() {
  const [page, setPage] = useState(1);
  const [correcting, setCorrecting] = useState<number | null>(null);
  const records = useVerifactuRecords(page);
  const timeZone = useClinicZone();
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        Registros
      </Title>
      {records.isPending && <LoadingBlock label="Cargando los registros" />}
      {records.isError && (
        <LoadErrorAlert
          title="No se han podido cargar los registros"
          error={records.error}
          onRetry={() => void records.refetch()}
        />
      )}
      {records.data && records.data.total > 0 && (
        <>
          <RecordsTable
            records={records.data.records}
            timeZone={timeZone}
            onCorrect={(record) => setCorrecting(record.id)}
          />
          <ListPagination
            page={page}
            totalPages={Math.ceil(records.data.total / records.data.pageSize)}
            onChange={setPage}
            label="Páginas de registros"
          />
        </>
      )}
      {correcting !== null && <RecordCorrectionModal recordId={correcting} onClose={() => setCorrecting(null)} />}
    </Stack>
  );
}
