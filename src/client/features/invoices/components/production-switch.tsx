import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { VerifactuMode } from '../../../../common/schemas/verifactu';
import { errorMessageOf } from '../../../components/form-error';
import { useSwitchToProduction } from '../api/verifactu-mode';

/**
 * «Pasar a producción»: offered while in pruebas; what stops it is listed instead (the server checks again). The
 * modal says what changes for good and, when the certificate is not the issuer's, asks to confirm its holder is a
 * registered representative.
 */
export function ProductionSwitch({ mode }: { mode: VerifactuMode }) {
  const [opened, setOpened] = useState(false);
  const blocked = mode.productionBlockers.length > 0;
  return (
    <Stack gap="xs">
      {blocked && (
        <>
          <Text size="sm">Antes de pasar a producción:</Text>
          <List size="sm" spacing={4}>
            {mode.productionBlockers.map((blocker) => (
              <List.Item key={blocker}>{blocker}</List.Item>
            ))}
          </List>
        </>
      )}
      <Group>
        <Button onClick={() => setOpened(true)} disabled={blocked}>
          Pasar a producción…
        </Button>
      </Group>
      {opened && <SwitchModal mode={mode} onClose={() => setOpened(false)} />}
    </Stack>
  );
}

function SwitchModal({ mode, onClose }: { mode: VerifactuMode; onClose: () => void }) {
  const change = useSwitchToProduction();
  const [understood, setUnderstood] = useState(false);
  const [representative, setRepresentative] = useState(false);
  const ready = understood && (!mode.representativeNeeded || representative);
  const submit = () =>
    change.mutate(
      { mode: 'produccion', confirm: true, representative },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'Facturación en producción',
            message: 'Las facturas ya tienen valor fiscal.',
          });
          onClose();
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title="Pasar la facturación a producción" centered>
      <Stack>
        <List size="sm" spacing={4}>
          <List.Item>
            Las facturas siguientes tienen valor fiscal y se numeran en series nuevas (FV, SV y RV) desde el 1.
          </List.Item>
          <List.Item>
            Sus registros se encadenan desde el primero y se envían a la AEAT con el certificado configurado.
          </List.Item>
          <List.Item>Las facturas de pruebas se conservan como estaban, con «SIN VALOR FISCAL — PRUEBAS».</List.Item>
          <List.Item>No se puede volver al modo pruebas.</List.Item>
        </List>
        {mode.representativeNeeded && (
          <Checkbox
            checked={representative}
            onChange={(event) => setRepresentative(event.currentTarget.checked)}
            label={`El titular del certificado (NIF ${mode.certificate.nif ?? 'que no consta'}) está registrado en la AEAT como representante del emisor (NIF ${mode.issuerNif}).`}
          />
        )}
        <Checkbox
          checked={understood}
          onChange={(event) => setUnderstood(event.currentTarget.checked)}
          label="Entiendo que no tiene vuelta atrás."
        />
        {change.isError && <Alert color="red">{errorMessageOf(change.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Volver
          </Button>
          <Button onClick={submit} disabled={!ready} loading={change.isPending}>
            Pasar a producción
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
