import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';

/** E-mails the doctor a new link to choose a password (202). */
export const sendDoctorInvitation = (doctorId: string) =>
  apiFetch<{ sent: boolean }>(api.doctorInvitation(doctorId), { method: 'POST' });

export const useSendDoctorInvitation = () => useMutation({ mutationFn: sendDoctorInvitation });
