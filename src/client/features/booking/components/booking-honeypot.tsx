import { Box } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** Honeypot: people never see or reach it; bots fill it in and the server ignores their booking. */
export function BookingHoneypot({ field }: { field: UseFormRegisterReturn<'website'> }) {
  return (
    <Box
      aria-hidden="true"
      style={{ position: 'absolute', left: -10_000, top: 'auto', width: 1, height: 1, overflow: 'hidden' }}
    >
      <label htmlFor="booking-website">No rellenes este campo</label>
      <input id="booking-website" type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" {...field} />
    </Box>
  );
}
