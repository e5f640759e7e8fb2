import { EXPORT_TABLES } from './tables-repository';

/**
 * LEEME.md of the whole clinic's export: what each file holds, column by column, and how it is written, so that
 * whoever takes the data to another program (or a lawyer, or the clinic itself years later) can read it alone.
 */
export function clinicExportReadme(
  input: { clinicName: string; timeZone: string; generatedAt: { text: string } },
  counts: Record<string, number>,
): string {
  const documents = counts['documentos.csv'] ?? 0;
  const lines = [
    `# ${input.clinicName}: exportación completa`,
    '',
    `Generada el ${input.generatedAt.text} con «Exportar toda la clínica» de Clínica. Los datos son de la clínica.`,
    '',
    '## Cómo están escritos',
    '',
    '- Archivos CSV (RFC 4180): separados por comas, en UTF-8, con una fila de títulos.',
    `- Fechas AAAA-MM-DD; fechas y horas AAAA-MM-DD HH:MM en la hora de la clínica (${input.timeZone}).`,
    '- Importes en euros con punto decimal (12.50); las devoluciones, en negativo.',
    '- Los identificadores (`id`) enlazan las tablas: `paciente_id` es el `id` de pacientes.csv, `profesional_id` el de',
    '  profesionales.csv, `cita_id` el de citas.csv; las líneas y los cobros nombran su factura por su número.',
    '- Un texto que una hoja de cálculo ejecutaría como fórmula (empieza por =, +, - o @ y no es un número ni un',
    "  teléfono) lleva delante un apóstrofo ('); quítalo si importas el archivo en otro programa.",
    '- Cada tabla se lee por partes: un dato que cambió mientras se exportaba aparece como estaba al leer su parte.',
    `- La carpeta documentos/ tiene los ${documents} documentos de los pacientes, uno por carpeta de paciente`,
    '  (documentos/<paciente_id>/<id>-<nombre>); documentos.csv dice de quién es cada uno.',
    '- Los registros de facturación VERI*FACTU se descargan aparte, en su formato de la AEAT, desde Facturación ›',
    '  VERI*FACTU.',
    '',
  ];
  for (const table of EXPORT_TABLES) {
    lines.push(`## ${table.file}: ${table.title} (${counts[table.file] ?? 0} filas)`, '', table.about, '');
    lines.push('| Columna | Qué es |', '| --- | --- |');
    for (const column of table.columns) lines.push(`| ${column.header} | ${column.about} |`);
    lines.push('');
  }
  return lines.join('\n');
}
