import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Validation against the AEAT's schemas (xsd/) with libxml2's `xmllint`, offline: `--nonet`, and an XML catalog
 * that points the W3C signature schema's web address (imported by SuministroInformacion.xsd) at the copy beside it.
 * CI installs `libxml2-utils` (scripts/ci.mjs); without xmllint this throws rather than passing.
 */
const XSD_DIR = fileURLToPath(new URL('./xsd/', import.meta.url));

/** SuministroLR.xsd validates a RegFactuSistemaFacturacion; SuministroInformacion.xsd a lone RegistroAlta/Anulacion. */
export type AeatSchema = 'SuministroLR.xsd' | 'SuministroInformacion.xsd';

export interface XsdResult {
  valid: boolean;
  /** xmllint's messages when the document does not validate. */
  errors: string;
}

export function validateXml(xml: string, schema: AeatSchema = 'SuministroLR.xsd'): XsdResult {
  const result = spawnSync('xmllint', ['--noout', '--nonet', '--schema', `${XSD_DIR}${schema}`, '-'], {
    input: xml,
    encoding: 'utf8',
    env: { ...process.env, XML_CATALOG_FILES: `${XSD_DIR}catalog.xml` },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new Error(`No se pudo ejecutar xmllint (paquete libxml2-utils): ${result.error.message}`);
  // 0: valid; 1: not well-formed; 3: does not validate; anything else (5: a schema did not compile, e.g. an
  // import it could not resolve offline) is a fault of ours, not the document's.
  if (result.status === 0) return { valid: true, errors: '' };
  if (result.status === 1 || result.status === 3) return { valid: false, errors: result.stderr };
  throw new Error(`xmllint terminó con el código ${result.status}: ${result.stderr}`);
}
