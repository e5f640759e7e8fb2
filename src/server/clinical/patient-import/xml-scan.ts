/**
 * A forward-only scan of the XML inside spreadsheet files (`.xlsx`, `.ods`): elements, attributes and text,
 * nothing kept. Those files are machine-written and well-formed; a 50 000-row sheet is about 16 MB of XML,
 * which this reads in under half a second where building a tree (fast-xml-parser) took over three
 * (docs/decisions, «Import of patients»).
 */
export interface XmlHandler {
  /** An element starts: its local name (without prefix) and the raw text of its attributes. */
  open(name: string, attributes: string, selfClosing: boolean): void;
  close(name: string): void;
  text(value: string): void;
}

const TOKEN =
  /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)|<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<![^>]*>/g;

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

export function scanXml(xml: string, handler: XmlHandler): void {
  TOKEN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = TOKEN.exec(xml))) {
    if (match[2] !== undefined) {
      const name = localName(match[2]);
      if (match[1]) handler.close(name);
      else {
        const selfClosing = match[4] === '/';
        handler.open(name, match[3] ?? '', selfClosing);
        if (selfClosing) handler.close(name);
      }
    } else if (match[5] !== undefined) handler.text(decodeEntities(match[5]));
    else if (match[6] !== undefined) handler.text(match[6]);
  }
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[entity] ?? whole;
  });
}

const patterns = new Map<string, RegExp>();

/** The value of one attribute (by local name) in an element's raw attribute text. */
export function attribute(raw: string, name: string): string | undefined {
  if (!raw) return undefined;
  let pattern = patterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    patterns.set(name, pattern);
  }
  const match = pattern.exec(raw);
  if (!match) return undefined;
  return decodeEntities(match[1] ?? match[2] ?? '');
}
