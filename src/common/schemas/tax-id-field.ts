import { z } from 'zod';
import { normalizeTaxId, taxIdError } from '../tax-id';

/**
 * A NIF (or CIF) typed by hand — the issuer's, a payer's, an insurer's: spaces, dots and dashes dropped, upper case,
 * its control character checked, every refusal in Spanish. `missing` is what an absent value is told; an empty one
 * is told it too when `required`, else what `taxIdError` says of it.
 */
export const taxIdField = (missing: string, { required = false } = {}) => {
  const text = z.string({ error: missing }).trim();
  return (required ? text.min(1, missing) : text).transform(normalizeTaxId).superRefine((value, context) => {
    const error = taxIdError(value);
    if (error) context.addIssue({ code: 'custom', message: error });
  });
};
