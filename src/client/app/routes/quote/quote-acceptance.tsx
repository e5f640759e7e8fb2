import { useEffect, useRef } from 'react';
import type { QuoteByLink } from '../../../../common/schemas/quotes';
import { SignaturePad } from '../../../features/consents/components/signature-pad';
import { QuoteAcceptanceForm } from '../../../features/quotes/components/quote-acceptance-form';

/**
 * Her acceptance of the quote, loaded when she taps «Firmar el presupuesto» (quote-signing.tsx): the form with the
 * consent's signature pad. The focus moves into it, where the button she pressed was.
 */
export default function QuoteAcceptance({ token, quote }: { token: string; quote: QuoteByLink }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => region.current?.focus(), []);
  return (
    <div ref={region} tabIndex={-1} role="group" aria-label="Tu aceptación del presupuesto" style={{ outline: 'none' }}>
      <QuoteAcceptanceForm
        token={token}
        quote={quote}
        pad={(onChange) => <SignaturePad label="Tu firma" onChange={onChange} />}
      />
    </div>
  );
}
