/** WCAG 2.2 contrast arithmetic on `#rrggbb` colours (what the theme and the calendar need). */

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
};
const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2.2, 1.4.3). */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` laid over `background` with the given opacity, as the eye sees it. */
export function blend(color: string, alpha: number, background = '#ffffff'): string {
  const top = toRgb(color);
  const bottom = toRgb(background);
  return toHex(top.map((c, i) => c * alpha + bottom[i]! * (1 - alpha)) as Rgb);
}

/** `color` darkened (mixed with black) just enough to reach `ratio` against `background`. */
export function darkenToContrast(color: string, background: string, ratio = 4.5): string {
  let candidate = color;
  for (let step = 1; contrastRatio(candidate, background) < ratio && step <= 20; step++) {
    candidate = blend(color, 1 - step * 0.05, '#000000');
  }
  return candidate;
}

/** Black or white, whichever reads better on `background` (text on the doctors' calendar colours). */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio('#ffffff', background) >= contrastRatio('#000000', background) ? '#ffffff' : '#000000';
}
