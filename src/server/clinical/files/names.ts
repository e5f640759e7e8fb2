/** Extensions that name each accepted content, the first being the one added when a name has none. */
const EXTENSIONS: Record<string, string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
};

const MAX_NAME_LENGTH = 150;

/**
 * A name safe to store and to send back: the last part of whatever path the browser sent (no `/` or `\`),
 * without control or invisible format characters, no leading dots (so no `..`), spaces tidied, and the
 * extension of the real content when the name lacks it. Accents and spaces are kept: it stays readable.
 */
export function sanitizeFileName(raw: string, mime: string): string {
  const lastPart = raw.split(/[/\\]/).pop() ?? '';
  let name = lastPart
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  const extensions = EXTENSIONS[mime] ?? [];
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  const base = name.length > 0 ? name : 'documento';
  name = extensions.includes(extension) || extensions.length === 0 ? base : `${base}.${extensions[0]}`;
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const tail = dot > 0 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME_LENGTH - tail.length).trimEnd() + tail;
  }
  return name;
}

/** `Content-Disposition` with an ASCII `filename` for old clients and the exact name in RFC 5987 `filename*`. */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The largest document filed when `FILES_MAX_MB` does not say. */
export const DEFAULT_FILES_MAX_MB = 20;
