import { Alert, Avatar, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { useUploadProfilePhoto } from '../api/upload-profile-photo';

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MAX_BYTES = 2 * 1024 * 1024;

/** The user's photo: uploaded, cropped square by the server, shown at once in the header. */
export function ProfilePhoto() {
  const { profile, refresh } = useAuth();
  const upload = useUploadProfilePhoto();
  const [error, setError] = useState<string | null>(null);

  const onFile = (file: File | null) => {
    if (!file) return;
    setError(null);
    if (!TYPES.includes(file.type)) return setError('La foto debe ser una imagen PNG, JPEG o WebP.');
    if (file.size > MAX_BYTES) return setError('La foto no puede superar los 2 MB.');
    upload.mutate(file, {
      onSuccess: async () => {
        await refresh();
        notifications.show({ color: 'teal', message: 'Foto actualizada' });
      },
      onError: (failure) => setError(failure instanceof ApiError ? failure.message : 'No se pudo subir la foto.'),
    });
  };

  return (
    <Paper withBorder p="lg" maw={560}>
      <Stack>
        <Title order={2} size="h4">
          Foto
        </Title>
        <Group>
          <Avatar
            src={profile?.photoURL || null}
            size={96}
            radius="xl"
            color="teal"
            alt={profile?.photoURL ? 'Tu foto de perfil' : ''}
          />
          <Stack gap={4}>
            <FileButton onChange={onFile} accept={TYPES.join(',')}>
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} />} variant="light" loading={upload.isPending}>
                  {profile?.photoURL ? 'Cambiar foto' : 'Subir foto'}
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              PNG, JPEG o WebP de hasta 2 MB. Se recorta en cuadrado.
            </Text>
          </Stack>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
