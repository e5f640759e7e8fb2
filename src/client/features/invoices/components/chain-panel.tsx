import { Alert, Code, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCertificateOff } from '@tabler/icons-react';
import type { ChainState } from '../../../api/invoices';
import { useChainState } from '../../../api/invoices';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatDateTime } from '../../../lib/dates';
import { ResendFaulted } from './resend-faulted';
import { VerifactuRecords } from './verifactu-records';
import { XmlDownloads } from './xml-downloads';

/** FechaHoraHusoGenRegistro as the record wrote it, in the clinic's time: «26/11/2026, 12:46:50 (UTC+01:00)». */
const generatedAtLabel = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})([+-]\d{2}:\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}, ${match[4]} (UTC${match[5]})` : value;
};

/** `current`: the chain of the clinic's NIF now, the only one sent (and so sent again). */
function ChainSummary({ chain, current }: { chain: ChainState; current: boolean }) {
  return (
    <Stack gap="xs">
      {chain.broken ? (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="La cadena no verifica">
          {chain.broken}. Los registros no deben cambiar nunca: avisa al responsable técnico.
        </Alert>
      ) : (
        <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title="La cadena verifica">
          Las {chain.records} huellas del NIF {chain.issuerNif} se han recalculado y cada registro encadena con el
          anterior.
        </Alert>
      )}
      {chain.last && (
        <List size="sm" spacing={4}>
          <List.Item>
            Último registro: {chain.last.kind === 'alta' ? 'alta' : 'anulación'} de la factura {chain.last.number}
          </List.Item>
          <List.Item>Generado: {generatedAtLabel(chain.last.generatedAt)}</List.Item>
          <List.Item>
            Huella: <Code style={{ wordBreak: 'break-all' }}>{chain.last.huella}</Code>
          </List.Item>
        </List>
      )}
      <SendingSummary chain={chain} current={current} />
    </Stack>
  );
}

const ANSWER_LABELS: Record<string, string> = {
  Correcto: 'todos los registros aceptados',
  ParcialmenteCorrecto: 'parcialmente correcto',
  Incorrecto: 'todos los registros rechazados',
  'Sin respuesta': 'sin respuesta, se reintentará',
  Rechazado: 'envío rechazado',
};

/** How far the sending to the AEAT has gone: counts by state and the last answer. */
function SendingSummary({ chain, current }: { chain: ChainState; current: boolean }) {
  const timeZone = useClinicZone();
  const rows: [string, number][] = [
    ['Pendientes de envío', chain.pendingSubmission],
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
      {chain.rejected > chain.faultRejected && (
        <Text size="sm">
          Un registro de alta rechazado se corrige con una subsanación: un registro nuevo, encadenado tras el último,
          que se envía en su turno. El rechazado no se modifica.
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

/** «VERI*FACTU»: each issuer's chain recomputed, its last record, what waits to be sent, every record and their XML. */
export function ChainPanel() {
  const state = useChainState();
  if (state.isPending) return <LoadingBlock label="Comprobando la cadena de registros" />;
  if (state.isError) {
    return (
      <LoadErrorAlert
        title="No se ha podido comprobar la cadena"
        error={state.error}
        onRetry={() => void state.refetch()}
      />
    );
  }
  return (
    <Stack>
      {!state.data.certificateConfigured && (
        <Alert color="yellow" icon={<IconCertificateOff aria-hidden />} title="Sin certificado configurado">
          Sin certificado configurado: los registros esperan como pendientes de envío. Para enviarlos a la AEAT, el
          responsable técnico de la instalación debe instalar el certificado electrónico de la clínica.
        </Alert>
      )}
      {state.data.chains.length === 0 ? (
        <Text>Aún no hay registros de facturación: se crea uno con cada factura emitida o anulada.</Text>
      ) : (
        state.data.chains.map((chain) => (
          <ChainSummary key={chain.issuerNif} chain={chain} current={chain.issuerNif === state.data.issuerNif} />
        ))
      )}
      <VerifactuRecords />
      <XmlDownloads
        records={state.data.chains.find((chain) => chain.issuerNif === state.data.issuerNif)?.records ?? 0}
      />
    </Stack>
  );
}
