import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { api } from '../../common/api-paths';
import { ApiError, apiFetch } from '../lib/api-client';

export interface UploadedImage {
  id: string;
  url: string;
}

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** POST api.images: stores a PNG, JPEG or WebP of at most 2 MB and answers its public address. */
export function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  return apiFetch<UploadedImage>(api.images, { method: 'POST', body });
}

/** A Spanish reason to refuse `file` before sending it, or null. */
export function imageFileError(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'La imagen debe ser PNG, JPEG o WebP.';
  if (file.size > IMAGE_MAX_BYTES) return 'La imagen no puede superar los 2 MB.';
  return null;
}

interface ImageUploadProps {
  label: string;
  description?: string;
  /** The public address of the current image, or '' for none. */
  value: string;
  onChange: (url: string) => void;
  /** What the image shows, for its alternative text (e.g. «Logotipo de la clínica»). */
  alt: string;
  error?: string;
  shape?: 'square' | 'round';
  disabled?: boolean;
}

/** Picks an image, uploads it at once and shows a preview; the value is the image's address. */
export function ImageUpload({
  label,
  description,
  value,
  onChange,
  alt,
  error,
  shape = 'square',
  disabled,
}: ImageUploadProps) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const id = useId();

  const onFile = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    const refused = imageFileError(file);
    if (refused) {
      setUploadError(refused);
      return;
    }
    setUploading(true);
    try {
      const image = await uploadImage(file);
      onChange(image.url);
    } catch (failure) {
      setUploadError(
        failure instanceof ApiError ? failure.message : 'No se ha podido subir la imagen. Inténtalo de nuevo.',
      );
    } finally {
      setUploading(false);
    }
  };

  const shownError = uploadError ?? error;
  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={shownError}
      id={id}
      errorProps={{ role: 'alert' }}
      labelElement="div"
    >
      <Group gap="md" mt={6} wrap="nowrap" align="center">
        <Avatar
          src={value || null}
          alt={value ? alt : ''}
          size={72}
          radius={shape === 'round' ? 'xl' : 'md'}
          color="gray"
          styles={{ image: { objectFit: shape === 'round' ? 'cover' : 'contain' } }}
        >
          <IconPhoto size={28} stroke={1.4} aria-hidden />
        </Avatar>
        <Stack gap={6}>
          <Group gap="xs">
            <FileButton onChange={onFile} accept={IMAGE_TYPES.join(',')} disabled={disabled || uploading}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="xs"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={uploading}
                  aria-describedby={`${id}-hint`}
                >
                  {value ? 'Cambiar imagen' : 'Subir imagen'}
                </Button>
              )}
            </FileButton>
            {value && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => onChange('')}
                disabled={disabled || uploading}
              >
                Quitar
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed" id={`${id}-hint`}>
            PNG, JPEG o WebP de hasta 2 MB.
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
