import { Box, Group } from '@mantine/core';
import { useLocation } from 'react-router';
import { paths } from '../../../common/paths';
import { useClinic } from '../../api/clinic';
import { ChatButton } from '../../features/messages/components/chat-button';
import { useAuth } from '../../lib/auth/use-auth';

/** The height of the strip that holds «Escríbenos» at the bottom of the screen (px). */
export const CHAT_BAR_HEIGHT = 64;

/** Whether the page shows «Escríbenos»: not on the conversation screen itself. */
export function useChatShown(): boolean {
  return useLocation().pathname !== paths.patient.messages;
}

/**
 * «Escríbenos» in its strip: the strip is the screen's, not the page's (the page reserves its height, see
 * ChatEntry and the patient area's AppShell footer), so the button never sits over content, whatever
 * the scroll, on a phone or a wide screen.
 */
export function ChatBar() {
  const { data: clinic } = useClinic();
  const { profile } = useAuth();
  const contact = {
    name: clinic?.name ?? 'la clínica',
    whatsapp: clinic?.whatsapp ?? '',
    phone: clinic?.phone ?? '',
    email: clinic?.email ?? '',
  };
  return (
    <Group h={CHAT_BAR_HEIGHT} px="md" justify="flex-end" wrap="nowrap" data-chat-bar>
      <ChatButton contact={contact} signedInPatient={profile?.role === 'paciente'} />
    </Group>
  );
}

/**
 * The public pages' chat strip: fixed at the bottom of the screen, with the same height reserved at the
 * end of the page (and as scroll padding, app/focus.css, so a link or the keyboard never brings content under it).
 */
export function ChatEntry() {
  if (!useChatShown()) return null;
  return (
    <>
      <Box h={CHAT_BAR_HEIGHT} aria-hidden />
      <Box
        pos="fixed"
        left={0}
        right={0}
        bottom={0}
        bg="white"
        style={{ zIndex: 150, borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <ChatBar />
      </Box>
    </>
  );
}
