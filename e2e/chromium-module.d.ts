// Types of scripts/chromium.mjs (plain JS, shared with scripts/*.mjs) for playwright.config.ts.
declare module '*/scripts/chromium.mjs' {
  export const CHROMIUM_ARGS: string[];
  export function chromiumPath(): string | undefined;
}
