import fc from 'fast-check';
import { nastyText, type FuzzBody } from './text';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const FIELD_NAMES = ['type', 'patientId', 'visibleToPatient', 'appointmentId', 'description', 'title'];

/** A multipart/form-data upload, well or badly formed: odd names and types, junk fields, broken framing. */
export function multipartBody(ids: string[]): fc.Arbitrary<FuzzBody> {
  const text = fc.oneof(
    fc.string({ maxLength: 30 }),
    nastyText,
    ...(ids.length > 0 ? [fc.constantFrom(...ids)] : []),
    fc.constantFrom('analisis', 'informes', 'otros', 'true', 'false'),
  );
  const filename = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    nastyText,
    fc.constantFrom('informe.pdf', 'foto.png', '../../x.pdf', 'a"b.pdf', 'x'.repeat(2000) + '.pdf'),
  );
  const mime = fc.constantFrom(
    'application/pdf',
    'image/png',
    'image/jpeg',
    'text/plain',
    'application/x-msdownload',
    '',
    'image/svg+xml',
    'a/b/c',
  );
  const content = fc.oneof(
    fc.uint8Array({ maxLength: 600 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(
      PNG,
      PDF,
      Buffer.alloc(0),
      Buffer.concat([PNG, Buffer.alloc(200, 7)]),
      Buffer.from('<svg onload="alert(1)"/>'),
    ),
  );
  const framing = fc.constantFrom(
    'well formed',
    'no closing boundary',
    'no file part',
    'two files',
    'wrong boundary',
    'file field named otherwise',
    'header without quotes',
  );
  return fc
    .record({
      fields: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 10 })), text, {
        maxKeys: 4,
      }),
      filename,
      mime,
      content,
      framing,
    })
    .map(({ fields, filename, mime, content, framing }): FuzzBody => {
      const boundary = 'fuzzlimite';
      const safe = (value: string) => value.replace(/[\r\n"]/g, '_');
      const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${safe(name)}"\r\n\r\n${value}\r\n`),
      );
      const fieldName = framing === 'file field named otherwise' ? 'documento' : 'file';
      const disposition =
        framing === 'header without quotes'
          ? `form-data; name=${fieldName}; filename=${safe(filename)}`
          : `form-data; name="${fieldName}"; filename="${safe(filename)}"`;
      const file = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${mime}\r\n\r\n`),
        content,
        Buffer.from('\r\n'),
      ]);
      if (framing !== 'no file part') parts.push(file);
      if (framing === 'two files') parts.push(file);
      if (framing !== 'no closing boundary') parts.push(Buffer.from(`--${boundary}--\r\n`));
      const declared = framing === 'wrong boundary' ? 'otrolimite' : boundary;
      return {
        kind: `multipart (${framing})`,
        payload: Buffer.concat(parts),
        contentType: `multipart/form-data; boundary=${declared}`,
      };
    });
}
