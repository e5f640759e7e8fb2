import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine ships one stylesheet per component (`@mantine/core/styles/Button.css`…) besides the whole
 * `styles.css` (277 kB). Every component module imports its class names from `<Name>.module.mjs`;
 * this plugin makes that module also import `<Name>.css`, so each chunk carries the styles of the
 * components it uses, and a page loads only those. A component imports the modules it builds on
 * before its own `.module.mjs`, so their styles come first, the order Mantine's docs ask for.
 */
export function mantineComponentStyles(): Plugin {
  const stylesDir = path.resolve('node_modules/@mantine/core/styles');
  const core = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
  // @mantine/dates, @mantine/notifications and @mantine/charts ship one stylesheet each: it goes with their components.
  const whole = /[\\/]@mantine[\\/](dates|notifications|charts)[\\/]esm[\\/].*\.module\.mjs$/;
  const stylesheetOf = (id: string) => {
    const ofPackage = whole.exec(id);
    if (ofPackage) return `@mantine/${ofPackage[1]}/styles.css`;
    const name = core.exec(id)?.[1];
    return name && fs.existsSync(path.join(stylesDir, `${name}.css`)) ? `@mantine/core/styles/${name}.css` : undefined;
  };
  return {
    name: 'clinica:mantine-component-styles',
    enforce: 'pre',
    transform(code, id) {
      const stylesheet = stylesheetOf(id.split('?')[0] ?? '');
      if (!stylesheet) return null;
      return { code: `import '${stylesheet}';\n${code}`, map: null };
    },
  };
}
