import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSignature } from '@tabler/icons-react';

/** «Firmar nota», after a confirmation: a signed note is changed only by addenda. */
export function SignNoteButton({ onSign, pending }: { onSign: () => Promise<void>; pending: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconSignature size={18} aria-hidden />} onClick={open} loading={pending}>
        Firmar nota
      </Button>
      <Modal opened={opened} onClose={close} title="¿Firmar la nota?" centered>
        <Text size="sm">
          Una vez firmada, la nota no se podrá modificar. Para corregirla o completarla tendrás que añadir una adenda.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Seguir editando
          </Button>
          <Button
            leftSection={<IconSignature size={18} aria-hidden />}
            onClick={() => {
              close();
              void onSign().catch(() => undefined);
            }}
          >
            Firmar
          </Button>
        </Group>
      </Modal>
    </>
  );
}
