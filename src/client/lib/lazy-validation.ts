import type { ZodType } from 'zod';

/** The first message of each field that failed, by field name. */
export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> = { data: T; errors?: undefined } | { data?: undefined; errors: FieldErrors };

/**
 * Validates with a schema fetched on first use: a page whose form is its first screen (the sign-in)
 * paints without zod, which arrives while the visitor types or, at the latest, on submit.
 */
export async function validateLazily<T>(
  loadSchema: () => Promise<ZodType<T>>,
  values: unknown,
): Promise<Validation<T>> {
  const [schema] = await Promise.all([loadSchema(), import('./zod-setup')]);
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { errors };
}
