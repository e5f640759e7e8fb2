import { Button } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { useAwaitingAppMark } from '../../../lib/use-hydrated';
import type { ChatContact } from './chat-panel';

// The panel (a modal, the conversation or the clinic's contacts) is fetched when first opened: the
// button is all the public pages load.
const ChatPanel = lazy(() => import('./chat-panel'));

/**
 * The «Escríbenos» button of the public pages and the patient area. Where it sits is the layout's
 * (app/layouts/chat-entry.tsx): in a strip of its own at the bottom of the screen, never over content.
 */
export function ChatButton({ contact, signedInPatient }: { contact: ChatContact; signedInPatient: boolean }) {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const awaitingApp = useAwaitingAppMark();
  return (
    <>
      <Button
        ref={button}
        {...awaitingApp}
        size="md"
        radius="xl"
        aria-haspopup="dialog"
        aria-expanded={opened}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      >
        Escríbenos
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ChatPanel
            opened={opened}
            onClose={() => setOpened(false)}
            onClosed={() => button.current?.focus()}
            contact={contact}
            signedInPatient={signedInPatient}
          />
        </Suspense>
      )}
    </>
  );
}
