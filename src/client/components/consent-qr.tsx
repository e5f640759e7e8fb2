import { Alert, Button, Image, Modal, Stack, Text } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import type { ConsentStatusItem } from '../../common/schemas/consent-signing';
import { ApiError } from '../lib/api-client';
import { formatTime } from '../lib/dates';
import { useCreateConsentLink } from '../api/consent-link';

/** The desk's «Firmar en tableta»: a fresh link (30 minutes) as a QR code the patient scans, or opened on the tablet. */
export function ConsentQrButton({ item, timeZone }: { item: ConsentStatusItem; timeZone: string }) {
  const [opened, setOpened] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const link = useCreateConsentLink();
  const open = () => {
    setOpened(true);
    setQr(null);
    link.mutate(item.requestId, {
      onSuccess: async ({ url }) => {
        // The QR encoder loads only when the desk asks for a code.
        const { toDataURL } = await import('qrcode');
        setQr(await toDataURL(url, { width: 280, margin: 1 }));
      },
    });
  };
  return (
    <>
      <Button size="compact-xs" variant="subtle" leftSection={<IconQrcode size={14} aria-hidden />} onClick={open}>
        Firmar en tableta
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Firmar: ${item.title}`}>
        <Stack gap="sm" align="center">
          {link.isError && (
            <Alert color="red" role="alert">
              {link.error instanceof ApiError ? link.error.message : 'No se ha podido crear el enlace.'}
            </Alert>
          )}
          {qr && link.data ? (
            <>
              <Image src={qr} alt="Código QR del enlace para firmar el consentimiento" w={280} h={280} />
              <Text size="sm" ta="center">
                Escanea el código con la tableta o el móvil del paciente, o{' '}
                <a href={link.data.url} target="_blank" rel="noreferrer">
                  abre el enlace aquí
                </a>
                . Caduca a las {formatTime(link.data.expiresAt, timeZone)}.
              </Text>
            </>
          ) : (
            !link.isError && <Text size="sm">Preparando el código…</Text>
          )}
        </Stack>
      </Modal>
    </>
  );
}
