import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';
import { blend, darkenToContrast, readableTextOn } from '../lib/contrast';

/**
 * Mantine's default palette fails WCAG 2.2 AA in places: white on teal 8 (3.9:1), grey 6 secondary text
 * (3.3:1), grey 5 placeholders (2.1:1), and light badges (yellow «PENDIENTE» 2.7:1). This theme keeps the
 * palette and picks, per use, a shade that reaches 4.5:1 for text and 3:1 for controls.
 */

/**
 * Filled: white text when the filled shade gives it 4.5:1, else black (green, yellow, orange, lime).
 * Light: the text darkened until it reads 4.5:1 on its tinted background (shades 1 and 2). Subtle and outline: the
 * text 4.5:1 on white.
 */
/** The hover of a filled control with white text: 15 % darker, so the text keeps (and gains) contrast. */
export const filledHover = (filled: string) => blend(filled, 0.85, '#000000');

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || !parsed.color) return colors;
  const shades = input.theme.colors[parsed.color]!;
  if (
    input.variant === 'filled' &&
    !input.autoContrast &&
    colors.color === 'var(--mantine-color-white)' &&
    parsed.shade === undefined
  ) {
    const shade = input.theme.primaryShade;
    const filled = shades[typeof shade === 'number' ? shade : shade.light]!;
    if (readableTextOn(filled) !== '#ffffff') return { ...colors, color: 'var(--mantine-color-black)' };
    // Mantine hovers shade 9 with shade 8, lighter (white on teal 8 is 3.9:1): hover darker instead.
    return { ...colors, hover: filledHover(filled) };
  }
  if (input.variant === 'light') {
    // Light backgrounds are shade 1, shade 2 on hover: the text is darkened until it reads on both.
    return { ...colors, color: darkenToContrast(shades[9]!, shades[2]!, 4.5) };
  }
  if (input.variant === 'subtle' || input.variant === 'outline') {
    // Also on the tinted papers and hover backgrounds (shades 0–2) they sit on.
    return { ...colors, color: darkenToContrast(shades[8]!, shades[2]!, 4.5) };
  }
  return colors;
};

/**
 * Secondary text and placeholders: 5.5:1 or more on white, the grey 0 footer and the teal 0 hero. The
 * `light` text of every colour (active navigation links, light badges that read the variable) 4.5:1 on
 * its light backgrounds, shades 1 and 2.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#5c636a',
    // Field errors: red 9 (5.5:1) instead of red 6 (3.3:1).
    '--mantine-color-error': theme.colors.red[9],
    '--mantine-primary-color-filled-hover': filledHover(theme.colors[theme.primaryColor]![9]),
    ...Object.fromEntries(
      Object.entries(theme.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darkenToContrast(shades[9], shades[2], 4.5),
      ]),
    ),
  },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'teal',
  // Teal 9 carries white text at 5.0:1 (teal 8 only 3.9:1).
  primaryShade: { light: 9, dark: 6 },
  defaultRadius: 'md',
  variantColorResolver,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // Links inside running text need more than colour to stand out (WCAG 1.4.1): always underlined.
    Anchor: { defaultProps: { underline: 'always' } },
    // A dialog's close button is an icon: its name for screen readers.
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    // Every toast's close button too, whichever screen shows it.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar el aviso' } },
      // Mantine's grey for a titled toast's text reads 3.3:1 on white; WCAG asks 4.5:1.
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: {
      defaultProps: {
        size: 'md',
        visibilityToggleButtonProps: { 'aria-label': 'Mostrar u ocultar la contraseña' },
      },
    },
  },
});
