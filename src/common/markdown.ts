import MarkdownIt from 'markdown-it';

/**
 * The small Markdown of the consent templates (issue 24): paragraphs, headings, bulleted and numbered lists, bold
 * and italics, line breaks. markdown-it's «zero» preset enables nothing but paragraphs and text; only those rules
 * are turned on, and raw HTML stays off — so whatever else is typed (a `<script>`, an `onerror`, an image or a
 * link, to any host) is shown as the text it is, escaped. No rule makes a link or an image: nothing remote loads.
 *
 * Headings start where the page says (`#` is `<h3>` unless told), so a section's text sits under the page's headings.
 * Imported only by the admin's consent screen (loaded on demand) and the server: never in a public page's first load.
 */
const markdown = new MarkdownIt('zero', { html: false, linkify: false, typographer: false, breaks: true })
  .enable(['heading', 'list'])
  .enable(['emphasis', 'newline', 'escape']);

/** No URL is ever valid: belt and braces, since no enabled rule makes a link or an image. */
markdown.validateLink = () => false;

/** `#` is written as the level the page asks for (`env.topLevel`), `##` one below, never past `<h6>`. */
const level = (tag: string, env: unknown) =>
  Math.min(6, Number(tag.slice(1)) - 1 + ((env as { topLevel?: number } | undefined)?.topLevel ?? 3));
markdown.renderer.rules.heading_open = (tokens, index, _options, env) => `<h${level(tokens[index]!.tag, env)}>`;
markdown.renderer.rules.heading_close = (tokens, index, _options, env) => `</h${level(tokens[index]!.tag, env)}>\n`;

/** The tags the renderer can write: a test holds it to them. */
export const MARKDOWN_TAGS = ['p', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'strong', 'em', 'br'] as const;

/** Safe HTML of a consent section's Markdown source; `#` becomes `<h{topLevel}>` (`<h3>` unless told). */
export function renderMarkdown(source: string, topLevel = 3): string {
  return markdown.render(source, { topLevel });
}

/**
 * The plain text of a section's Markdown, as the PDF prints it: one line per paragraph or heading, «• » or «1. »
 * before list items, emphasis markers dropped, line breaks kept as new lines.
 */
export function markdownToText(source: string): string {
  const lines: string[] = [];
  const numbers: (number | null)[] = [];
  let prefix = '';
  for (const token of markdown.parse(source, {})) {
    if (token.type === 'bullet_list_open') numbers.push(null);
    else if (token.type === 'ordered_list_open') numbers.push(Number(token.attrGet('start') ?? 1));
    else if (token.type === 'bullet_list_close' || token.type === 'ordered_list_close') numbers.pop();
    else if (token.type === 'list_item_open') {
      const depth = numbers.length - 1;
      const current = numbers[depth];
      prefix = `${'  '.repeat(Math.max(0, depth))}${current == null ? '•' : `${current}.`} `;
      if (current != null) numbers[depth] = current + 1;
    } else if (token.type === 'inline') {
      const text = (token.children ?? [])
        .map((child) => (child.type === 'text' ? child.content : child.type.endsWith('break') ? '\n' : ''))
        .join('');
      lines.push(`${prefix}${text}`);
      prefix = '';
    }
  }
  return lines.join('\n');
}
