import { useState } from 'react';

/** The instant the screen was drawn (ms): whether a visit has started, for «Pendiente de firma» or «Sin firmar». */
export function useClinicNow(): number {
  const [now] = useState(() => Date.now());
  return now;
}
