/**
 * A small XML writer for the AEAT's documents. No XML library ships among the server's dependencies (saxes and
 * w3c-xmlserializer come only with jsdom, a test tool), and the records need little: namespaced elements, text,
 * and namespace declarations on the root. Everything written passes through `escapeText` / `escapeAttribute`, and
 * text XML 1.0 cannot carry (control characters, lone surrogates) is refused rather than written.
 */
export type XmlNode = XmlElement | XmlText;

export interface XmlElement {
  type: 'element';
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}

export interface XmlText {
  type: 'text';
  value: string;
}

/** Children may be left out conditionally: `false`, `null` and `undefined` are skipped. */
export type XmlChild = XmlNode | string | false | null | undefined;

// A qualified name (prefix:local) of ASCII letters, digits, '_', '-' and '.': all the AEAT's names fit.
const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;
// XML 1.0 Char: tab, LF, CR, and U+0020 onwards without surrogates, U+FFFE and U+FFFF.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

export function element(name: string, children: XmlChild[] = [], attributes: Record<string, string> = {}): XmlElement {
  if (!NAME.test(name)) throw new Error(`Nombre XML no válido: ${name}`);
  for (const attribute of Object.keys(attributes)) {
    if (!NAME.test(attribute)) throw new Error(`Nombre de atributo XML no válido: ${attribute}`);
  }
  const nodes: XmlNode[] = [];
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue;
    nodes.push(typeof child === 'string' ? { type: 'text', value: child } : child);
  }
  return { type: 'element', name, attributes, children: nodes };
}

/** `<name>value</name>`, the shape of nearly every AEAT field. */
export function leaf(name: string, value: string): XmlElement {
  return element(name, [value]);
}

function checkChars(value: string): void {
  const bad = NOT_XML_CHAR.exec(value);
  if (bad) throw new Error(`Carácter no admitido en XML: U+${bad[0].codePointAt(0)!.toString(16).toUpperCase()}`);
}

export function escapeText(value: string): string {
  checkChars(value);
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(value: string): string {
  checkChars(value);
  // Tabs and line breaks as references: an attribute value's whitespace is normalised on reading otherwise.
  return escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

function write(node: XmlNode, out: string[]): void {
  if (node.type === 'text') {
    // A CR would be read back as LF: keep it as a reference.
    out.push(escapeText(node.value).replace(/\r/g, '&#13;'));
    return;
  }
  out.push(`<${node.name}`);
  for (const [name, value] of Object.entries(node.attributes)) out.push(` ${name}="${escapeAttribute(value)}"`);
  if (node.children.length === 0) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const child of node.children) write(child, out);
  out.push(`</${node.name}>`);
}

/** The document in UTF-8 with its declaration, without indentation (no whitespace the schemas would not expect). */
export function serialize(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  write(root, out);
  out.push('\n');
  return out.join('');
}

/** An element alone, without the declaration (a fragment of a larger document). */
export function serializeFragment(node: XmlElement): string {
  const out: string[] = [];
  write(node, out);
  return out.join('');
}
