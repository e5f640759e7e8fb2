import { z } from 'zod';

/** Every validation message zod writes itself (the ones our schemas don't name) comes out in Spanish. */
z.config(z.locales.es());
// zod's Spanish for an unknown field is «Llave desconocida»: say what a person understands.
z.config({
  customError: (issue) =>
    issue.code === 'unrecognized_keys'
      ? `${issue.keys.length > 1 ? 'Campos no permitidos' : 'Campo no permitido'}: ${issue.keys.join(', ')}`
      : undefined,
});
