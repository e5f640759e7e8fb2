import { expect, it } from 'vitest';

it("runs the client suite in a browser zone that is not the clinic's", () => {
  expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
  expect(new Date('2026-01-12T00:30:00Z').getDate()).toBe(11);
});
