import type { DeclarationItem, InformationSystemView } from './schemas/verifactu';

/**
 * The declaración responsable of this invoicing system (RD 1007/2023 art. 13; Orden HAC/1177/2024 art. 13): the
 * producer states, for this version, what the system is and that it meets art. 29.2.j) of the Ley General
 * Tributaria, the Reglamento and the Orden. One text, built from the product's constants and the producer's
 * identity: the app shows it (Configuración, «Acerca de») and docs/declaracion-responsable.md ships it.
 */
export interface DeclarationFacts {
  system: InformationSystemView;
  /** When and where the producer signs it: once per version. */
  signed: { date: string; place: string };
}

export const DECLARATION_TITLE = 'Declaración responsable del sistema informático de facturación';

const longDate = (isoDay: string) => {
  const [year, month, day] = isoDay.split('-').map(Number);
  const months = [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ];
  return `${day} de ${months[month! - 1]} de ${year}`;
};

/** The points art. 13 of the Orden asks for, in its order (a to l). */
export function declarationItems({ system, signed }: DeclarationFacts): DeclarationItem[] {
  return [
    { key: 'a', label: 'Nombre del sistema informático', text: system.name },
    { key: 'b', label: 'Código identificador del sistema informático (IdSistemaInformatico)', text: system.id },
    { key: 'c', label: 'Identificador completo de la versión', text: system.version },
    {
      key: 'd',
      label: 'Componentes, hardware y software, y descripción de sus funciones',
      text:
        `${system.name} es una aplicación web de gestión de clínicas privadas. Software: un servidor Node.js ` +
        '(TypeScript) con base de datos PostgreSQL (o PGlite, integrada, en la demostración) y un cliente que se usa ' +
        'desde el navegador. Hardware: no requiere ninguno propio; funciona en cualquier servidor capaz de ejecutar ' +
        'Node.js y PostgreSQL. Funciones de facturación: expide facturas completas, simplificadas y rectificativas y ' +
        'anula las emitidas por error; genera por cada una, en la misma transacción, su registro de facturación de ' +
        'alta o de anulación con su huella SHA-256 encadenada a la del registro anterior; los remite a la AEAT; ' +
        'imprime el código QR de verificación; conserva facturas y registros sin permitir modificarlos ni borrarlos; ' +
        'y ofrece el libro registro de facturas expedidas y la descarga de los registros en el formato de la AEAT. ' +
        'Además gestiona citas, pacientes, historia clínica, cobros y caja.',
    },
    {
      key: 'e',
      label: 'Si solo puede funcionar exclusivamente como «VERI*FACTU»',
      text:
        'Sí. El sistema solo funciona como «VERI*FACTU»: remite a la AEAT todos los registros de facturación que ' +
        'genera (TipoUsoPosibleSoloVerifactu = S).',
    },
    {
      key: 'f',
      label: 'Si permite ser usado por varios obligados tributarios',
      text:
        'No. Cada instalación factura para un único obligado tributario, la clínica que la usa ' +
        '(TipoUsoPosibleMultiOT = N).',
    },
    {
      key: 'g',
      label: 'Tipos de firma de los registros de facturación y de evento si no se usa como «VERI*FACTU»',
      text: 'No aplica: el sistema no puede usarse como sistema NO VERI*FACTU, y sus registros no se firman.',
    },
    { key: 'h', label: 'Nombre y apellidos o razón social de la entidad productora', text: system.producerName },
    { key: 'i', label: 'NIF de la entidad productora', text: system.producerNif },
    { key: 'j', label: 'Dirección postal completa de contacto de la entidad productora', text: system.producerAddress },
    {
      key: 'k',
      label: 'Declaración de cumplimiento',
      text:
        `${system.producerName}, productora del sistema informático ${system.name}, hace constar que este sistema, ` +
        `en la versión ${system.version}, cumple con lo dispuesto en el artículo 29.2.j) de la Ley 58/2003, de 17 ` +
        'de diciembre, General Tributaria; en el Reglamento que establece los requisitos que deben adoptar los ' +
        'sistemas y programas informáticos o electrónicos que soporten los procesos de facturación de empresarios y ' +
        'profesionales, y la estandarización de formatos de los registros de facturación, aprobado por el Real ' +
        'Decreto 1007/2023, de 5 de diciembre; en la Orden HAC/1177/2024, de 17 de octubre; y en las ' +
        'especificaciones publicadas en la sede electrónica de la Agencia Estatal de Administración Tributaria que ' +
        'la completan.',
    },
    {
      key: 'l',
      label: 'Fecha y lugar en que se suscribe',
      text: `${longDate(signed.date)}, en ${signed.place}.`,
    },
  ];
}

/** The declaration as Markdown: what docs/declaracion-responsable.md holds for the product's defaults. */
export function declarationMarkdown(facts: DeclarationFacts): string {
  const escape = (text: string) => text.replace(/[*_]/g, (character) => `\\${character}`);
  const items = declarationItems(facts)
    .map((item) => `**${item.key}) ${escape(item.label)}:**\n\n${escape(item.text)}\n`)
    .join('\n');
  return (
    `# ${DECLARATION_TITLE}\n\n` +
    'Real Decreto 1007/2023, artículo 13, y Orden HAC/1177/2024, artículo 13. La aplicación muestra este mismo texto ' +
    'en Configuración y en «Acerca de», con el productor que indique su configuración.\n\n' +
    `${items}`
  );
}
