import { Anchor, Modal, Text } from '@mantine/core';
import { api } from '../../../../common/api-paths';
import { previewKindOf, type PatientFile } from '../../../../common/schemas/files';

/** An image or a PDF shown in the page, from the inline address of its contents (each view is audited). */
export function FilePreviewModal({ file, onClose }: { file: PatientFile | null; onClose: () => void }) {
  const kind = file ? previewKindOf(file.mime) : null;
  const url = file ? api.fileContent(file.id) : '';
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={file ? `Vista previa: ${file.name}` : ''}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Cerrar vista previa' }}
    >
      {file && kind === 'image' && (
        <img
          src={url}
          alt={file.description || file.name}
          style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }}
        />
      )}
      {file && kind === 'pdf' && (
        <iframe src={url} title={`Documento ${file.name}`} style={{ width: '100%', height: '70vh', border: 0 }} />
      )}
      {file && (
        <Text size="sm" mt="sm">
          <Anchor href={`${url}?disposition=attachment`} download={file.name}>
            Descargar {file.name}
          </Anchor>
        </Text>
      )}
    </Modal>
  );
}
