import { z } from 'zod';

/** Every validation message zod writes itself (the ones our schemas don't name) comes out in Spanish. */
z.config(z.locales.es());
