import { Alert, Code, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCertificateOff } from '@tabler/icons-react';
import type { ChainState } from '../../../api/invoices';
import type { BillingMode } from '../../../../common/schemas/verifactu';
import { useChainState } from '../../../api/invoices';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { SendingSummary } from './sending-summary';
import { VerifactuRecords } from './verifactu-records';
import { XmlDownloads } from './xml-downloads';

/** FechaHoraHusoGenRegistro as the record wrote it, in the clinic's time: «26/11/2026, 12:46:50 (UTC+01:00)». */
const generatedAtLabel = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})([+-]\d{2}:\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}, ${match[4]} (UTC${match[5]})` : value;
};

/** `current`: the chain of the clinic's NIF and billing mode now, the only one sent (and so sent again). */
function ChainSummary({ chain, current, mode }: { chain: ChainState; current: boolean; mode: BillingMode }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {chain.mode === 'produccion' ? 'Registros de producción' : 'Registros de pruebas'} · NIF {chain.issuerNif}
      </Title>
      {chain.mode !== mode && (
        <Text size="sm">
          La clínica ya factura en producción: estos registros de pruebas se conservan y ya no se envían.
        </Text>
      )}
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
          <ChainSummary
            key={`${chain.issuerNif}-${chain.mode}`}
            chain={chain}
            mode={state.data.environment}
            current={chain.issuerNif === state.data.issuerNif && chain.mode === state.data.environment}
          />
        ))
      )}
      <VerifactuRecords />
      <XmlDownloads
        records={
          state.data.chains.find(
            (chain) => chain.issuerNif === state.data.issuerNif && chain.mode === state.data.environment,
          )?.records ?? 0
        }
      />
    </Stack>
  );
}
