import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { settlementApi } from '../../../../common/api-paths';
import { SETTLEMENT_BASIS_LABELS } from '../../../../common/schemas/settlements';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { formatCalendarMonth as formatMonth } from '../../../lib/dates';
import { useIssueSettlement, useSettlement, useSettlementDraft } from '../api/settlements';
import { SettlementLinesTable } from './settlement-lines-table';

interface SettlementModalProps {
  doctorId: string;
  doctorName: string;
  month: string;
  /** The settlement issued for that month, if any; else its draft, which the desk may issue. */
  issuedId: string | null;
  /** Whether the desk may issue (a doctor reading her own never does). */
  canIssue: boolean;
  onClose: () => void;
}

/** A doctor's month: the settlement issued, or what it would count now with «Emitir liquidación». */
export function SettlementModal({ doctorId, doctorName, month, issuedId, canIssue, onClose }: SettlementModalProps) {
  const issued = useSettlement(issuedId);
  const draft = useSettlementDraft(doctorId, month, issuedId === null && canIssue);
  const issue = useIssueSettlement();
  const [error, setError] = useState<string | null>(null);
  const query = issuedId ? issued : draft;
  const settlement = query.data;

  const submit = async () => {
    setError(null);
    try {
      await issue.mutateAsync({ doctorId, month });
      notifications.show({ color: 'green', message: `Liquidación de ${formatMonth(month)} emitida` });
      onClose();
    } catch (failure) {
      setError(errorMessageOf(failure));
    }
  };

  return (
    <Modal opened onClose={onClose} title={`${doctorName} · ${formatMonth(month)}`} size="80rem">
      {query.isPending && <LoadingBlock label="Cargando la liquidación" />}
      {query.isError && <LoadErrorAlert title="No se ha podido cargar la liquidación" error={query.error} />}
      {settlement && (
        <Stack>
          <Text c="dimmed">
            {SETTLEMENT_BASIS_LABELS[settlement.basis]}.{' '}
            {settlement.id
              ? 'Emitida: no cambia. Lo que ocurra después (una rectificativa, un cobro) va en la del mes siguiente.'
              : 'Borrador: lo que contaría si se emitiera ahora. Al emitirla, cada línea queda liquidada una sola vez.'}
          </Text>
          <SettlementLinesTable settlement={settlement} />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            {settlement.id && (
              <Button
                component="a"
                href={settlementApi.settlementCsv(settlement.id)}
                download
                variant="default"
                leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              >
                Exportar CSV
              </Button>
            )}
            {!settlement.id && canIssue && (
              <Button loading={issue.isPending} onClick={() => void submit()}>
                Emitir liquidación
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
