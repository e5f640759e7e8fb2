// Forms validate with zod: its Spanish messages are set up here, with the first form, rather than
// before the first paint of every page.
import { z } from 'zod';
import '../../common/zod-es';

// Zod probes `new Function` to compile fast parsers; our content security policy forbids eval, and the
// browser reports every probe as a policy violation. Forms are small: the plain parser is enough.
z.config({ jitless: true });

export { zodResolver } from '@hookform/resolvers/zod';
