import { Stack, Table, Text, Title } from '@mantine/core';
import type { ChainState } from '../../../api/invoices';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatDateTime } from '../../../lib/dates';
import { ResendFaulted } from './resend-faulted';

const ANSWER_LABELS: Record<string, string> = {
  Correcto: 'todos los registros aceptados',
  ParcialmenteCorrecto: 'parcialmente correcto',
  Incorrecto: 'todos los registros rechazados',
  'Sin respuesta': 'sin respuesta, se reintentará',
  Rechazado: 'envío rechazado',
};

/** How far the sending to the AEAT has gone: counts by state and the last answer. */
export function SendingSummary({ chain, current }: { chain: ChainState; current: boolean }) {
  const timeZone = useClinicZone();
  const rows: [string, number][] = [
    ['Pendientes de envío', chain.pendingSubmission],
    ...(chain.pendingIncident > 0
      ? [['De ellos, de una incidencia (se envían con Incidencia = S)', chain.pendingIncident] as [string, number]]
      : []),
    ['Enviados y aceptados', chain.accepted],
    ['Aceptados con errores', chain.acceptedWithErrors],
    ['Rechazados', chain.rejected],
  ];
  const answer = chain.lastAnswer;
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        Envío a la AEAT
      </Title>
      <Table withTableBorder w="auto" aria-label="Registros por estado de envío">
        <Table.Tbody>
          {rows.map(([label, count]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td ta="right">{count}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {answer ? (
        <Text size="sm">
          Última respuesta ({formatDateTime(answer.at, timeZone)}): {ANSWER_LABELS[answer.status] ?? answer.status}
          {answer.csv && <> · CSV {answer.csv}</>}
          {answer.waitSeconds !== null && <> · espera antes del siguiente envío: {answer.waitSeconds} s</>}
          {answer.error && <> · {answer.error}</>}
        </Text>
      ) : (
        <Text size="sm">Aún no se ha enviado ningún registro a la AEAT.</Text>
      )}
      {(chain.rejected > chain.faultRejected || chain.acceptedWithErrors > 0) && (
        <Text size="sm">
          Un registro rechazado o aceptado con errores queda «Pendiente de corregir» en «Registros»: se corrige con una
          subsanación, un registro nuevo con los datos corregidos, encadenado tras el último. El original no se modifica
          ni se envía otra vez tal cual.
        </Text>
      )}
      {chain.faultRejected > 0 &&
        (current ? (
          <ResendFaulted count={chain.faultRejected} />
        ) : (
          <Text size="sm">
            Estos registros son de un NIF anterior de la clínica: se conservan como se generaron y ya no se envían.
          </Text>
        ))}
    </Stack>
  );
}
