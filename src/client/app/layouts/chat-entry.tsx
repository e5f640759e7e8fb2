import { Box } from '@mantine/core';
import { useLocation } from 'react-router';
import { paths } from '../../../common/paths';
import { useClinic } from '../../features/clinic/api/get-public-clinic';
import { ChatButton } from '../../features/messages/components/chat-button';
import { useAuth } from '../../lib/auth/auth-provider';

/**
 * The chat button of the public pages and the patient area, with the space it needs at the end of the
 * page so that, scrolled to the bottom, it never covers content (a phone's booking buttons included).
 * Not on the conversation screen itself.
 */
export function ChatEntry() {
  const { data: clinic } = useClinic();
  const { profile } = useAuth();
  const { pathname } = useLocation();
  if (pathname === paths.patient.messages) return null;
  const contact = { name: clinic?.name ?? 'la clínica', whatsapp: clinic?.whatsapp ?? '', phone: clinic?.phone ?? '', email: clinic?.email ?? '' };
  return (
    <>
      <Box h={88} aria-hidden />
      <ChatButton contact={contact} signedInPatient={profile?.role === 'paciente'} />
    </>
  );
}
