import { describe, expect, it } from 'vitest';
import { DOCTOR_COLORS, firstFreeColor } from '../../common/doctor-colors';
import { DEMO_DOCTORS } from './demo';

/** CIE76 ΔE between two `#rrggbb` colours: how different they look (about 2 is barely visible, 30 plainly distinct). */
function deltaE(a: string, b: string): number {
  const lab = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
    const x = f((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047);
    const y = f(r * 0.2126 + g * 0.7152 + b * 0.0722);
    const z = f((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883);
    return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
  };
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!);
}

const pairs = (colors: readonly string[]) => colors.flatMap((a, i) => colors.slice(i + 1).map((b) => [a, b] as const));

describe("the doctors' colours", () => {
  it('the demo doctors have clearly different colours (no two nearly the same orange)', () => {
    const colors = DEMO_DOCTORS.map((doctor) => doctor.color.toLowerCase());
    const close = pairs(colors).filter(([a, b]) => deltaE(a, b) < 30);
    expect(close).toEqual([]);
  });

  it('any two colours of the palette are clearly different, and a new doctor takes the first one not in use', () => {
    expect(pairs(DOCTOR_COLORS).filter(([a, b]) => deltaE(a, b) < 30)).toEqual([]);
    expect(firstFreeColor([])).toBe(DOCTOR_COLORS[0]);
    expect(firstFreeColor([DOCTOR_COLORS[0].toUpperCase(), DOCTOR_COLORS[2]])).toBe(DOCTOR_COLORS[1]);
    expect(firstFreeColor(DEMO_DOCTORS.map((doctor) => doctor.color))).toBe(DOCTOR_COLORS[6]);
    expect(firstFreeColor([...DOCTOR_COLORS])).toBe(DOCTOR_COLORS[0]);
  });
});
