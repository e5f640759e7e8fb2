import { Alert, Anchor, Code, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { api } from '../../../../common/paths';
import type { ChainState } from '../../../api/invoices';
import { useChainState } from '../../../api/invoices';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';

/** FechaHoraHusoGenRegistro as the record wrote it, in the clinic's time: «26/11/2026, 12:46:50 (UTC+01:00)». */
const generatedAtLabel = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})([+-]\d{2}:\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}, ${match[4]} (UTC${match[5]})` : value;
};

function ChainSummary({ chain }: { chain: ChainState }) {
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
      <Text size="sm">
        Pendientes de envío a la AEAT: {chain.pendingSubmission}. Sin un certificado configurado, los registros esperan
        guardados y encadenados.
      </Text>
    </Stack>
  );
}

/** «VERI*FACTU»: each issuer's chain recomputed, its last record, what waits to be sent, and the records' XML. */
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
      {state.data.length === 0 ? (
        <Text>Aún no hay registros de facturación: se crea uno con cada factura emitida o anulada.</Text>
      ) : (
        state.data.map((chain) => <ChainSummary key={chain.issuerNif} chain={chain} />)
      )}
      <Text size="sm">
        <Anchor href={api.verifactuRecordsXml} download>
          Descargar los registros en XML de la AEAT
        </Anchor>{' '}
        (RegFactuSistemaFacturacion, 1 000 registros por archivo; los siguientes con <Code>?page=2</Code>…).
      </Text>
    </Stack>
  );
}
