/**
 * Allergy and duplication checks of a prescription, shared by the form (a warning as the doctor types)
 * and the server (which refuses a conflict nobody acknowledged).
 *
 * The patient's allergies are free text («Penicilina», «AINE y látex», «Alergia a la amoxicilina»). A
 * medicine is the name the doctor writes («Amoxicilina/ácido clavulánico 875/125 mg comprimidos»). Both
 * are compared without accents, case or punctuation, on whole words, against a small curated table of
 * the drug families that cause most drug allergies in primary care (see docs/decisions/0027-a-safe-clinic-day-the-doctor-s-side.md, «Allergy
 * warnings»). Brands are not listed: prescriptions are written by active ingredient.
 *
 * This is a safety net, not a drug database: an ingredient missing from the table is still caught when
 * the allergy names it literally (any word of three letters or more of an allergy item found in the
 * medicine's name), but a family relation only exists for what the table lists.
 */

export interface DrugFamily {
  key: string;
  /** As the warning reads: «la familia de las penicilinas». */
  label: string;
  /** How an allergy may name the whole family (singular and plural, without accents). */
  aliases: string[];
  /** Active ingredients of the family, as written in Spanish (accents kept for display). */
  members: string[];
  /** Families whose allergy makes this one risky (cross-reactivity): warned, and acknowledged too. */
  crossReactsWith?: string[];
  /** Two medicines of this family at once are warned as a duplication (interaction). */
  noDuplicates?: boolean;
}

export const DRUG_FAMILIES: DrugFamily[] = [
  {
    key: 'penicilinas',
    label: 'las penicilinas',
    aliases: ['penicilina', 'penicilinas', 'betalactamico', 'betalactamicos', 'beta lactamico', 'beta lactamicos'],
    members: [
      'amoxicilina',
      'ampicilina',
      'cloxacilina',
      'penicilina',
      'bencilpenicilina',
      'fenoximetilpenicilina',
      'piperacilina',
      'bacampicilina',
      'penicilina benzatina',
    ],
  },
  {
    key: 'cefalosporinas',
    label: 'las cefalosporinas',
    aliases: [
      'cefalosporina',
      'cefalosporinas',
      'betalactamico',
      'betalactamicos',
      'beta lactamico',
      'beta lactamicos',
    ],
    members: [
      'cefalexina',
      'cefadroxilo',
      'cefazolina',
      'cefuroxima',
      'cefaclor',
      'cefixima',
      'cefpodoxima',
      'cefditoreno',
      'ceftriaxona',
      'cefotaxima',
      'ceftazidima',
      'cefepima',
    ],
    crossReactsWith: ['penicilinas'],
  },
  {
    key: 'sulfamidas',
    label: 'las sulfamidas',
    aliases: ['sulfamida', 'sulfamidas', 'sulfonamida', 'sulfonamidas', 'sulfas'],
    members: ['sulfametoxazol', 'cotrimoxazol', 'sulfadiazina', 'sulfasalazina'],
  },
  {
    key: 'aine',
    label: 'los AINE (antiinflamatorios no esteroideos)',
    aliases: [
      'aine',
      'aines',
      'antiinflamatorio no esteroideo',
      'antiinflamatorios no esteroideos',
      'antiinflamatorios',
    ],
    members: [
      'ibuprofeno',
      'dexibuprofeno',
      'naproxeno',
      'diclofenaco',
      'aceclofenaco',
      'dexketoprofeno',
      'ketoprofeno',
      'ketorolaco',
      'indometacina',
      'piroxicam',
      'meloxicam',
      'celecoxib',
      'etoricoxib',
      'ácido acetilsalicílico',
      'AAS',
      'aspirina',
      'metamizol',
      'propifenazona',
    ],
    noDuplicates: true,
  },
  {
    key: 'pirazolonas',
    label: 'las pirazolonas',
    aliases: ['pirazolona', 'pirazolonas'],
    members: ['metamizol', 'propifenazona'],
  },
  {
    key: 'macrolidos',
    label: 'los macrólidos',
    aliases: ['macrolido', 'macrolidos'],
    members: ['eritromicina', 'claritromicina', 'azitromicina', 'josamicina', 'espiramicina'],
  },
  {
    key: 'quinolonas',
    label: 'las quinolonas',
    aliases: ['quinolona', 'quinolonas', 'fluoroquinolona', 'fluoroquinolonas'],
    members: ['ciprofloxacino', 'levofloxacino', 'moxifloxacino', 'norfloxacino', 'ofloxacino'],
  },
  {
    key: 'tetraciclinas',
    label: 'las tetraciclinas',
    aliases: ['tetraciclina', 'tetraciclinas'],
    members: ['doxiciclina', 'minociclina', 'tetraciclina'],
  },
  {
    key: 'opioides',
    label: 'los opioides',
    aliases: ['opioide', 'opioides', 'opiaceo', 'opiaceos', 'opiacio', 'opiacios'],
    members: [
      'codeína',
      'dihidrocodeína',
      'tramadol',
      'morfina',
      'fentanilo',
      'oxicodona',
      'tapentadol',
      'buprenorfina',
      'hidromorfona',
      'metadona',
    ],
    noDuplicates: true,
  },
  {
    key: 'yodo',
    label: 'los compuestos yodados',
    aliases: ['yodo', 'yodados', 'contraste yodado', 'contrastes yodados'],
    members: ['povidona yodada', 'yodo'],
  },
];

/** Lower case, no accents, only letters and digits separated by single spaces, padded with one space. */
export function normalizeDrugText(text: string): string {
  const words = text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .trim();
  return ` ${words} `;
}

/**
 * Whether an allergy (as a patient declared it) is already in the record's allergies: the same words, whatever the
 * accents, case or punctuation («penicilina» is in «Látex, PENICILINA»). «Copiar a la historia» is not offered then,
 * and the server does not write it twice.
 */
export function allergyRecorded(recorded: string, allergy: string): boolean {
  return recordNames(recorded, allergy);
}

/**
 * Whether a text of the record names something as whole words, whatever the accents, case, punctuation or spaces
 * («Penicilina» = «penicilina »; «Enalapril» is in «Medicación habitual (…): enalapril — 10 mg»). Nothing is named
 * by an empty name.
 */
export function recordNames(recorded: string, name: string): boolean {
  const words = normalizeDrugText(name);
  return words.trim() !== '' && normalizeDrugText(recorded).includes(words);
}

/** Whether `term` appears in `normalized` (a `normalizeDrugText` result) as whole words. */
const mentions = (normalized: string, term: string) => normalized.includes(normalizeDrugText(term));

/** Words that say nothing about the substance in an allergy item («alergia a la penicilina»). */
const FILLER = new Set([
  'alergia',
  'alergias',
  'alergico',
  'alergica',
  'a',
  'al',
  'la',
  'las',
  'el',
  'los',
  'de',
  'del',
  'y',
  'e',
  'o',
  'con',
  'por',
  'sin',
  'grave',
  'leve',
  'reaccion',
  'intolerancia',
]);
/** Allergy texts that mean «none known»: nothing to check. */
const NONE = [/^\s*(no|ninguna|niega|namc|sin)\b/];

/** The allergy text split into its items («Penicilina, látex» → two), each without filler words. */
function allergyItems(allergies: string): { written: string; normalized: string }[] {
  return allergies
    .split(/[,;\n/]|\s+y\s+|\s+e\s+/i)
    .map((item) => item.trim())
    .filter((item) => item && !NONE.some((pattern) => pattern.test(normalizeDrugText(item).trim())))
    .map((written) => ({
      written,
      normalized: ` ${normalizeDrugText(written)
        .trim()
        .split(' ')
        .filter((word) => !FILLER.has(word))
        .join(' ')} `,
    }))
    .filter((item) => item.normalized.trim().length >= 3);
}

export type AllergyConflictKind = 'principio-activo' | 'familia' | 'reactividad-cruzada';

export interface AllergyConflict {
  /** Position of the medicine in the prescription. */
  index: number;
  /** The medicine as the doctor wrote it. */
  medicine: string;
  /** The allergy item as recorded on the chart. */
  allergy: string;
  kind: AllergyConflictKind;
  /** One Spanish sentence for the doctor. */
  message: string;
}

/** The families an ingredient of the table belongs to, and the ingredient as written in the table. */
function ingredientsIn(normalizedMedicine: string): { ingredient: string; family: DrugFamily }[] {
  const found: { ingredient: string; family: DrugFamily }[] = [];
  for (const family of DRUG_FAMILIES) {
    for (const member of family.members)
      if (mentions(normalizedMedicine, member)) found.push({ ingredient: member, family });
  }
  return found;
}

/** The families an allergy item names: by one of the family's names or by one of its members. */
function familiesNamedBy(normalizedAllergy: string): DrugFamily[] {
  return DRUG_FAMILIES.filter(
    (family) =>
      family.aliases.some((alias) => mentions(normalizedAllergy, alias)) ||
      family.members.some((member) => mentions(normalizedAllergy, member)),
  );
}

/**
 * Each medicine against each recorded allergy: the same active ingredient, the same family, or a family
 * that cross-reacts. At most one conflict per medicine and allergy item (the most direct one).
 */
export function allergyConflicts(allergies: string, medicines: readonly string[]): AllergyConflict[] {
  const items = allergyItems(allergies);
  if (items.length === 0) return [];
  const conflicts: AllergyConflict[] = [];
  medicines.forEach((medicine, index) => {
    const name = normalizeDrugText(medicine);
    if (!name.trim()) return;
    const ingredients = ingredientsIn(name);
    for (const item of items) {
      const quoted = `«${item.written}»`;
      // The allergy names this very substance (listed or not in the table).
      if (mentions(name, item.normalized)) {
        conflicts.push({
          index,
          medicine,
          allergy: item.written,
          kind: 'principio-activo',
          message: `${medicine}: contiene ${item.written.toLowerCase()}, alergia registrada ${quoted}.`,
        });
        continue;
      }
      const named = familiesNamedBy(item.normalized);
      const same = ingredients.find(({ family }) => named.includes(family));
      if (same) {
        conflicts.push({
          index,
          medicine,
          allergy: item.written,
          kind: 'familia',
          message: `${medicine}: ${same.ingredient} es de ${same.family.label}, alergia registrada ${quoted}.`,
        });
        continue;
      }
      const cross = ingredients.find(({ family }) =>
        family.crossReactsWith?.some((key) => named.some((allergyFamily) => allergyFamily.key === key)),
      );
      if (cross) {
        const other = named.find((family) => cross.family.crossReactsWith?.includes(family.key))!;
        conflicts.push({
          index,
          medicine,
          allergy: item.written,
          kind: 'reactividad-cruzada',
          message: `${medicine}: ${cross.ingredient} es de ${cross.family.label}, con posible reactividad cruzada con ${other.label}; alergia registrada ${quoted}.`,
        });
      }
    }
  });
  return conflicts;
}

export interface DuplicationWarning {
  family: string;
  /** The medicines of that family: of this prescription, then of the patient's active prescriptions. */
  medicines: string[];
  message: string;
}

/**
 * Two medicines of a family that should not be taken together (two AINE, two opioids), among those
 * being prescribed and those of the patient's active prescriptions. A warning, not a block.
 */
export function duplicationWarnings(
  medicines: readonly string[],
  current: readonly string[] = [],
): DuplicationWarning[] {
  const warnings: DuplicationWarning[] = [];
  for (const family of DRUG_FAMILIES.filter((item) => item.noDuplicates)) {
    const inFamily = (names: readonly string[]) =>
      names.filter((name) => name.trim() && family.members.some((member) => mentions(normalizeDrugText(name), member)));
    const mine = inFamily(medicines);
    const theirs = inFamily(current);
    if (mine.length === 0 || mine.length + theirs.length < 2) continue;
    const all = [...mine, ...theirs.map((name) => `${name} (receta activa)`)];
    warnings.push({
      family: family.key,
      medicines: all,
      message: `Dos medicamentos de ${family.label} a la vez: ${all.join(', ')}.`,
    });
  }
  return warnings;
}
