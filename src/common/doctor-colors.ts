/**
 * The doctors' calendar colours, ordered so that the first ones differ the most: any two of them are far
 * apart to the eye (CIE76 ΔE ≥ 30, checked by a test), so the columns and the week view never show two
 * doctors in nearly the same colour. The demo's doctors take the first six; a new doctor takes the first
 * one no doctor uses yet.
 */
export const DOCTOR_COLORS = [
  '#0b7285', // petróleo
  '#1c7ed6', // azul
  '#ae3ec9', // morado
  '#e8590c', // naranja
  '#2f9e44', // verde
  '#fcc419', // amarillo
  '#c2255c', // granate
  '#212529', // negro
  '#99e9f2', // celeste
  '#ffa8a8', // rosa
  '#364fc7', // añil
  '#d8f5a2', // pistacho
] as const;

/** The first colour of the palette no doctor uses (compared without case); the first one when all are taken. */
export function firstFreeColor(taken: readonly string[]): string {
  const used = new Set(taken.map((color) => color.toLowerCase()));
  return DOCTOR_COLORS.find((color) => !used.has(color)) ?? DOCTOR_COLORS[0];
}
