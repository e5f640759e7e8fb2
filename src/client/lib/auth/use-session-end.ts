import { useEffect, useState } from 'react';
import { sessionEndReason, type SessionEnd } from './session-end';

/**
 * Why this tab's session ended (the desk locked itself), read after the first render: a page the server
 * drew cannot know it, so the first render agrees with the server's and the notice follows.
 */
export function useSessionEnd(): SessionEnd | null {
  const [reason, setReason] = useState<SessionEnd | null>(null);
  useEffect(() => setReason(sessionEndReason()), []);
  return reason;
}
