import { describe, expect, it } from 'vitest';
import { MARKDOWN_TAGS, renderMarkdown } from './markdown';

/** Every tag the HTML opens or closes. */
const tagsOf = (html: string) => [...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((match) => match[1]!.toLowerCase());

describe('the Markdown of the consent templates', () => {
  it('writes headings (from h3), lists, bold, italics and paragraphs', () => {
    const html = renderMarkdown(
      '# Qué es\n\nUna **infiltración** es *breve*.\nSegunda línea.\n\n- Dolor\n- Hematoma\n\n1. Primero\n2. Después',
    );
    expect(html).toBe(
      '<h3>Qué es</h3>\n<p>Una <strong>infiltración</strong> es <em>breve</em>.<br>\nSegunda línea.</p>\n' +
        '<ul>\n<li>Dolor</li>\n<li>Hematoma</li>\n</ul>\n<ol>\n<li>Primero</li>\n<li>Después</li>\n</ol>\n',
    );
  });

  it('starts the headings at the level the page asks for, never past h6', () => {
    expect(renderMarkdown('# Uno\n\n## Dos\n\n### Tres', 5)).toBe('<h5>Uno</h5>\n<h6>Dos</h6>\n<h6>Tres</h6>\n');
  });

  it('neutralises a script, an event handler, a remote image and a link: they are shown as text', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src="x" onerror="alert(1)">',
        '![rayos](https://remoto.example/rayos.png)',
        '[pulsa](javascript:alert(1)) y [web](https://remoto.example)',
        '<https://remoto.example/auto>',
        '<iframe src="https://remoto.example"></iframe>',
      ].join('\n\n'),
    );
    // No element but the text ones, and none with an attribute: what looks like one is escaped text.
    expect(html).not.toMatch(/<(script|img|a|iframe)\b/i);
    expect(html).not.toMatch(/<[a-z0-9]+\s/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=&quot;x&quot; onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('![rayos](https://remoto.example/rayos.png)');
    expect(tagsOf(html).every((tag) => (MARKDOWN_TAGS as readonly string[]).includes(tag))).toBe(true);
  });

  it('writes no other tag, whatever Markdown it is given (tables, code, quotes, rules, HTML entities)', () => {
    const html = renderMarkdown(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n```\ncódigo\n```\n\n    sangrado\n\n> cita\n\n---\n\n`x` ~~y~~ &lt;b&gt; &#60;i&#62;',
    );
    expect(tagsOf(html).every((tag) => (MARKDOWN_TAGS as readonly string[]).includes(tag))).toBe(true);
    expect(html).not.toMatch(/<b>|<i>/);
  });
});
