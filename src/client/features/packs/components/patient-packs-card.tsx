import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import type { PatientPack } from '../../../../common/schemas/packs';
import { usePatientPacks, useRefundPack } from '../../../api/packs';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PacksList } from './packs-list';
import { SellPackModal } from './sell-pack-modal';

/**
 * «Bonos» on a patient's page (issue 36, item 3): her packs; the desk (`manage`) sells one and refunds the unused
 * sessions of another, a doctor only reads them.
 */
export function PatientPacksCard({ patientId, manage }: { patientId: string; manage: boolean }) {
  const packs = usePatientPacks(patientId);
  const refund = useRefundPack();
  const [selling, setSelling] = useState(false);
  const [refunding, setRefunding] = useState<PatientPack | null>(null);

  const confirmRefund = () => {
    if (!refunding) return;
    refund.mutate(
      { patientId, packId: refunding.id },
      {
        onSuccess: (done) => {
          notifications.show({ color: 'green', message: `Bono devuelto: rectificativa ${done.invoiceNumber}` });
          setRefunding(null);
        },
        onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }),
      },
    );
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="patient-packs-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="patient-packs-title">
          Bonos
        </Title>
        {manage && (
          <Button variant="light" onClick={() => setSelling(true)}>
            Vender bono
          </Button>
        )}
      </Group>
      {packs.isPending && <LoadingBlock label="Cargando sus bonos" />}
      {packs.isError && <LoadErrorAlert title="No se han podido cargar sus bonos" error={packs.error} />}
      {packs.data &&
        (packs.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            Sin bonos.
          </Text>
        ) : (
          <PacksList packs={packs.data} onRefund={manage ? setRefunding : undefined} />
        ))}
      {selling && <SellPackModal patientId={patientId} onClose={() => setSelling(false)} />}
      {refunding && (
        <Modal opened onClose={() => setRefunding(null)} title="Devolver las sesiones sin usar">
          <Stack>
            <Text size="sm">
              {refunding.name}: quedan {refunding.sessions - refunding.used} de {refunding.sessions} sesiones. Se emite
              una factura rectificativa de {formatEuros(refunding.refundableCents)} (sin IVA; se suma el del servicio) y
              el bono queda cerrado.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRefunding(null)}>
                Cancelar
              </Button>
              <Button color="grape" onClick={confirmRefund} loading={refund.isPending}>
                Devolver y emitir rectificativa
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Paper>
  );
}
