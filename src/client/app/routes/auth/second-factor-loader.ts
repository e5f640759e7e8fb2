/**
 * Loads the second step's card. A module of its own on purpose: the sign-in page's `import()` of this
 * small chunk carries a short preload list, and the card's long one (its components) stays in here, out
 * of the page's first load (docs/performance-history.md).
 */
export default function loadSecondFactorCard() {
  return import('./second-factor-card');
}
