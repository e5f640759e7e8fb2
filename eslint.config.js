import fs from 'node:fs';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = fs.existsSync('src/client/features') ? fs.readdirSync('src/client/features') : [];

/** The import boundaries of DESIGN.md: common ← server; common ← client/lib ← features ← app. */
const boundaries = [
  { target: './src/common', from: ['./src/client', './src/server'], message: 'common no importa ni cliente ni servidor.' },
  { target: './src/client', from: './src/server', message: 'El cliente nunca importa el servidor.' },
  { target: './src/server', from: './src/client', message: 'El servidor no importa el cliente.' },
  { target: './src/client/lib', from: ['./src/client/features', './src/client/app'], message: 'lib no importa features ni app.' },
  { target: './src/client/components', from: ['./src/client/features', './src/client/app'], message: 'components no importa features ni app.' },
  { target: './src/client/features', from: './src/client/app', message: 'features no importa app.' },
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'Una feature no importa otra: sube lo común a lib o components.',
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'e2e/.tmp', 'resilience/.tmp', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
