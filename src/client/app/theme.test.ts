import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUS_COLORS } from '../../common/schemas/appointments';
import { contrastRatio } from '../lib/contrast';
import { cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const resolve = (color: string, variant: string) => merged.variantColorResolver({ color, variant, theme: merged });
const hexOf = (value: string) =>
  value === 'var(--mantine-color-white)' ? '#ffffff' : value === 'var(--mantine-color-black)' ? '#000000' : value;

describe('theme contrast (WCAG 2.2 AA)', () => {
  it('gives light badges and avatars (every status colour, the primary) text 4.5:1 on shades 1 and 2', () => {
    for (const color of [...Object.values(APPOINTMENT_STATUS_COLORS), 'teal']) {
      const text = hexOf(resolve(color, 'light').color);
      for (const shade of [1, 2]) {
        expect(contrastRatio(text, merged.colors[color]![shade]!), `${color} ${shade}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('gives filled controls of every colour 4.5:1 between text and background', () => {
    for (const color of ['teal', 'red', 'blue', 'green', 'yellow', 'orange', 'gray', 'violet']) {
      const { background, color: text } = resolve(color, 'filled');
      const shade = merged.colors[color]![9]!;
      expect(background).toContain(color);
      expect(contrastRatio(hexOf(text), shade), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps white text 4.5:1 on a filled control while the pointer is over it (Mantine hovers shade 9 with the lighter 8)', () => {
    for (const color of ['teal', 'red', 'blue', 'green', 'gray', 'violet']) {
      const { hover, color: text } = resolve(color, 'filled');
      if (hexOf(text) !== '#ffffff') continue;
      expect(hover, color).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastRatio('#ffffff', hover), color).toBeGreaterThanOrEqual(4.5);
    }
    const variables = cssVariablesResolver(merged).light;
    expect(contrastRatio('#ffffff', variables['--mantine-primary-color-filled-hover']!)).toBeGreaterThanOrEqual(4.5);
  });

  it("writes every colour's light text variable (active navigation links) 4.5:1 on shades 1 and 2", () => {
    const { light } = cssVariablesResolver(merged);
    for (const [name, shades] of Object.entries(merged.colors)) {
      for (const shade of [1, 2]) {
        expect(
          contrastRatio(light[`--mantine-color-${name}-light-color`]!, shades[shade]!),
          name,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('makes secondary text and placeholders 4.5:1 on white and on the light greys and teal', () => {
    const { light } = cssVariablesResolver(merged);
    for (const background of ['#ffffff', merged.colors.gray[0]!, merged.colors.gray[1]!, merged.colors.teal[0]!]) {
      expect(contrastRatio(light['--mantine-color-dimmed']!, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(light['--mantine-color-placeholder']!, background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
