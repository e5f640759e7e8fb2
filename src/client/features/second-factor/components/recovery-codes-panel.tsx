import { Alert, Button, Checkbox, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';

/** The .txt a user keeps: the codes, what they are for, and for which account. */
function downloadCodes(codes: string[], account: string) {
  const text = [
    'Códigos de recuperación de la Clínica',
    ...(account ? [`Cuenta: ${account}`] : []),
    '',
    'Cada código sirve una sola vez para entrar si no tienes a mano tu móvil ni tu llave de acceso.',
    'Guárdalos en un lugar seguro (un gestor de contraseñas o impresos). Si generas otros, estos dejan de servir.',
    '',
    ...codes,
    '',
  ].join('\r\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: 'codigos-de-recuperacion-clinica.txt',
  });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Ten recovery codes, shown this once: to download as .txt or copy, with a box to tick before going on
 * (`onDone`), so that nobody loses them by clicking past.
 */
export function RecoveryCodesPanel({
  codes,
  account,
  onDone,
  doneLabel = 'Continuar',
}: {
  codes: string[];
  account: string;
  onDone: () => void;
  doneLabel?: string;
}) {
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="sm" data-testid="recovery-codes">
      <Alert color="yellow" title="Guarda tus códigos de recuperación">
        Si pierdes el móvil o la llave, cada código te deja entrar una vez. Solo se muestran ahora.
      </Alert>
      <List
        type="ordered"
        spacing={4}
        ff="monospace"
        fz="md"
        aria-label="Códigos de recuperación"
        style={{ columns: '2 10rem' }}
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => downloadCodes(codes, account)}
        >
          Descargar (.txt)
        </Button>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? 'Copiados' : 'Copiar'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Checkbox
        label="He guardado los códigos en un lugar seguro"
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Text size="xs" c="dimmed">
        Puedes generar otros cuando quieras desde tu perfil (los de ahora dejarían de servir).
      </Text>
      <Button onClick={onDone} disabled={!saved}>
        {doneLabel}
      </Button>
    </Stack>
  );
}
