import { escapeHtml } from '../../platform';

/** What a short link that opens nothing says: unknown (404) or expired (410). */
const PAGES = {
  unknown: {
    title: 'Este enlace no existe',
    text: 'Revisa que esté completo, tal como llegó en el mensaje.',
  },
  expired: {
    title: 'Este enlace ha caducado',
    text: 'Los enlaces de los mensajes dejan de funcionar cuando la cita ya ha pasado o el plazo del mensaje ha terminado.',
  },
} as const;

/**
 * The page of a short link that opens nothing: a few lines of HTML written here (no app to load on a phone that
 * tapped a link), in Spanish, with the clinic's phone and its home page.
 */
export function shortLinkPage(state: keyof typeof PAGES, clinic: { name: string; phone: string }): string {
  const page = PAGES[state];
  const phone = clinic.phone.trim();
  const call = phone
    ? `<p>Si necesitas algo, llama a la clínica al <a href="tel:${escapeHtml(phone.replace(/\s/g, ''))}">${escapeHtml(phone)}</a>.</p>`
    : '<p>Si necesitas algo, llama a la clínica.</p>';
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} · ${escapeHtml(clinic.name)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f8f9fa;line-height:1.5}
main{max-width:32rem;margin:0 auto;padding:2.5rem 1.25rem}
h1{font-size:1.5rem;margin:0 0 1rem}
a{color:#0b7285}
.home{display:inline-block;margin-top:1rem;padding:.625rem 1rem;border-radius:.375rem;background:#0b7285;color:#fff;text-decoration:none}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.text)}</p>
${call}
<a class="home" href="/">Ir a la web de ${escapeHtml(clinic.name)}</a>
</main>
</body>
</html>
`;
}
