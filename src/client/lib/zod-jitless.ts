// The client build resolves every `import … from 'zod'` here (vite.config.ts), so `jitless` is set before
// the first schema exists: zod probes `new Function` when it builds an object schema, our content
// security policy forbids eval, and the browser reports the probe as a policy violation (Lighthouse's
// best practices). Forms are small: the plain parser is enough.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
