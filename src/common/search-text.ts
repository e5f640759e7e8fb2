/**
 * The form in which names, documents, phones and e-mails are searched: lower case, without accents
 * (ñ kept as n too), spaces collapsed. The server stores it per record and normalises queries the same way.
 */
export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9@.+\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Query terms: words of the normalised query (a phone's digits also as one term). */
export function searchTerms(query: string): string[] {
  const normalized = normalizeSearchText(query);
  const terms = normalized.split(' ').filter(Boolean);
  const digits = query.replace(/\D/g, '');
  // "600 123 456" is one phone: search its digits together.
  if (digits.length >= 6 && /^[\d\s()+-]+$/.test(query.trim())) return [digits];
  return terms;
}
