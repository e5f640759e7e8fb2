import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiErrorBody } from '../../common/messages';
import { api } from '../../common/api-paths';
import type { FileType, PatientFile } from '../../common/schemas/files';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../lib/api-client';
import { fileListKey } from './file-keys';

export interface FileUploadInput {
  file: File;
  type: FileType;
  description: string;
  patientId?: string;
  visibleToPatient: boolean;
}

/**
 * One file per request through XMLHttpRequest, whose upload events (unlike fetch's) report progress:
 * `onProgress` gets the fraction sent, 0 to 1. The fields go before the file, as the server reads them.
 */
export function uploadFile(input: FileUploadInput, onProgress: (fraction: number) => void): Promise<PatientFile> {
  const form = new FormData();
  form.append('type', input.type);
  form.append('description', input.description);
  if (input.patientId) form.append('patientId', input.patientId);
  form.append('visibleToPatient', String(input.visibleToPatient));
  form.append('file', input.file, input.file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', api.files);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201) return resolve(body as PatientFile);
      const error = (body as ApiErrorBody | undefined)?.error;
      reject(
        new ApiError(
          request.status,
          error?.code ?? 'INTERNAL',
          error?.message ?? 'No se pudo subir el archivo. Inténtalo de nuevo.',
          error?.fields,
        ),
      );
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE)));
    request.send(form);
  });
}

/** `uploadFile`, refreshing the lists once a file is in. */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: FileUploadInput, onProgress: (fraction: number) => void) => {
      const created = await uploadFile(input, onProgress);
      await queryClient.invalidateQueries({ queryKey: fileListKey });
      return created;
    },
    [queryClient],
  );
}
