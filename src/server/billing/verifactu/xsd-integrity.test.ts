import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// The AEAT's and the W3C's schemas are kept unchanged (xsd/README.md says where each comes from): a changed
// byte changes its hash, and this test names the file.
const EXPECTED: Record<string, string> = {
  'SuministroLR.xsd': 'f9c948ed8476a7e3061b0c4f4aa96a5536417305e5fea5dedf5a870d2b5b534d',
  'SuministroInformacion.xsd': 'e136d28f2291bad69ed2a4e7f79e8b439a793d7cd05dcb637c2e9fac91da6cb8',
  'xmldsig-core-schema.xsd': 'f8efc56d73fa4f04bd2d7803d8321b0311f9875b65e0ccb6de9cf9cbdc6ab261',
};

describe('the schemas kept in xsd/', () => {
  it.each(Object.entries(EXPECTED))('%s is the copy README.md documents', (file, hash) => {
    const bytes = fs.readFileSync(new URL(`./xsd/${file}`, import.meta.url));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(hash);
  });

  it('README.md lists the same hashes', () => {
    const readme = fs.readFileSync(new URL('./xsd/README.md', import.meta.url), 'utf8');
    for (const hash of Object.values(EXPECTED)) expect(readme).toContain(hash);
  });

  it('imports the signature schema by the W3C address the catalog maps, and SuministroInformacion.xsd by name', () => {
    const read = (file: string) => fs.readFileSync(new URL(`./xsd/${file}`, import.meta.url), 'utf8');
    expect(read('SuministroLR.xsd')).toContain('schemaLocation="SuministroInformacion.xsd"');
    const w3c = 'http://www.w3.org/TR/xmldsig-core/xmldsig-core-schema.xsd';
    expect(read('SuministroInformacion.xsd')).toContain(`schemaLocation="${w3c}"`);
    expect(read('catalog.xml')).toContain(`name="${w3c}" uri="xmldsig-core-schema.xsd"`);
  });
});
