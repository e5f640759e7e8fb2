import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js reads the 14 standard fonts' metrics from its own folder (the PDFs use Helvetica). */
const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of every page of a PDF (one line per text run, as a person reading it would find it) and its page count. */
export async function readPdf(bytes: Uint8Array): Promise<{ text: string; pages: number; pageTexts: string[] }> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await document.destroy();
  return { text: pages.join('\n'), pages: pages.length, pageTexts: pages };
}
