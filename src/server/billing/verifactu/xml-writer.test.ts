import { describe, expect, it } from 'vitest';
import { element, escapeAttribute, escapeText, leaf, serialize, serializeFragment } from './xml-writer';

describe('the XML writer', () => {
  it('escapes markup in text and attributes', () => {
    expect(escapeText('Salud & Bienestar <S.L.> "x"')).toBe('Salud &amp; Bienestar &lt;S.L.&gt; "x"');
    expect(escapeAttribute('a "b" & <c>\td')).toBe('a &quot;b&quot; &amp; &lt;c&gt;&#9;d');
    expect(serializeFragment(leaf('sf:NombreRazon', 'Pérez & Hijos'))).toBe(
      '<sf:NombreRazon>Pérez &amp; Hijos</sf:NombreRazon>',
    );
  });

  it('refuses characters XML 1.0 cannot carry rather than writing a broken document', () => {
    expect(() => escapeText('nombre\u0000')).toThrow('U+0');
    expect(() => escapeText('\u001B[31m')).toThrow('U+1B');
    expect(() => escapeText('\uD800')).toThrow('U+D800');
    expect(escapeText('línea\r\nsiguiente\t😀')).toBe('línea\r\nsiguiente\t😀');
  });

  it('keeps a carriage return as a reference, so it reads back as written', () => {
    expect(serializeFragment(leaf('a', 'x\r\ny'))).toBe('<a>x&#13;\ny</a>');
  });

  it('refuses names that are not XML names', () => {
    expect(() => element('1a')).toThrow('Nombre XML no válido');
    expect(() => element('a b')).toThrow('Nombre XML no válido');
    expect(() => element('a', [], { 'x y': '1' })).toThrow('atributo');
  });

  it('skips left-out children, closes empty elements, and writes the declaration', () => {
    const root = element('r', [false, null, undefined, leaf('a', '1'), element('b')], { 'xmlns:sf': 'urn:x' });
    expect(serialize(root)).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<r xmlns:sf="urn:x"><a>1</a><b/></r>\n');
  });
});
