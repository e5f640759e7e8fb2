import fs from 'node:fs';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = fs.existsSync('src/client/features') ? fs.readdirSync('src/client/features') : [];

/**
 * The import boundaries of docs/architecture.md: common ← server; common ← client/lib ← features ← app; the shared
 * data tier `client/api` (one fetcher per endpoint) imports lib and common, and lib, features and app import it.
 */
const boundaries = [
  {
    target: './src/common',
    from: ['./src/client', './src/server'],
    message: 'common no importa ni cliente ni servidor.',
  },
  { target: './src/client', from: './src/server', message: 'El cliente nunca importa el servidor.' },
  { target: './src/server', from: './src/client', message: 'El servidor no importa el cliente.' },
  {
    target: './src/client/lib',
    from: ['./src/client/features', './src/client/app'],
    message: 'lib no importa features ni app.',
  },
  {
    target: './src/client/api',
    from: ['./src/client/features', './src/client/app', './src/client/components'],
    message: 'api (los datos por recurso) importa solo lib y common.',
  },
  {
    target: './src/client/components',
    from: ['./src/client/features', './src/client/app'],
    message: 'components no importa features ni app.',
  },
  { target: './src/client/features', from: './src/client/app', message: 'features no importa app.' },
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'Una feature no importa otra: sube lo común a lib o components.',
  })),
];

// The server's contexts and layers are checked by `node scripts/server-layers.mjs` (part of `npm run lint`): it
// reads type-only imports too and tells a context's tests (which may build the whole app) from its code.
/** What builds, reads or formats a date by itself (`new Date`, `Date.now()`, `Intl` formatters, `toLocale…String`). */
const dateSyntaxRestrictions = (message) => [
  { selector: "NewExpression[callee.name='Date']", message },
  { selector: "CallExpression[callee.object.name='Date']", message },
  { selector: "MemberExpression[object.name='Intl'][property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]", message },
  { selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]', message },
];
/** The client's one date module and one clock: nothing else in the client reads or writes dates by itself. */
const DATES_MESSAGE =
  'Las fechas del cliente pasan por src/client/lib/dates.ts (y calendar-dates.ts) y «ahora» por src/client/lib/clock.ts.';
const clientDateRules = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: 'dayjs',
          message: 'dayjs solo da el idioma de los selectores de Mantine (lib/mantine-dates-locale.ts).',
        },
        { name: 'temporal-polyfill', message: DATES_MESSAGE },
      ],
      patterns: [
        { group: ['dayjs/*'], message: 'dayjs solo da el idioma de los selectores de Mantine.' },
        { group: ['temporal-polyfill/*'], message: DATES_MESSAGE },
      ],
    },
  ],
  'no-restricted-syntax': ['error', ...dateSyntaxRestrictions(DATES_MESSAGE)],
};

/**
 * The server's one date module (src/server/platform/dates.ts) and one clock (platform/clock.ts): nothing else on the
 * server builds a Date, reads the real time or formats a date by itself. Temporal stays allowed (calendar arithmetic
 * in the clinic's zone); `Date` as a type stays too (the database driver gives and takes it).
 */
const SERVER_DATES_MESSAGE =
  'Las fechas del servidor pasan por src/server/platform/dates.ts y «ahora» por src/server/platform/clock.ts.';
const serverDateRules = {
  'no-restricted-syntax': [
    'error',
    ...dateSyntaxRestrictions(SERVER_DATES_MESSAGE),
    { selector: "CallExpression[callee.name='esDateFormat']", message: SERVER_DATES_MESSAGE },
  ],
};

/** The server's edges, where a Date is built because the other side wants one. */
const serverDateEdges = [
  // The module and the clock themselves.
  'src/server/platform/dates.ts',
  'src/server/platform/clock.ts',
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'e2e/.tmp',
      'resilience/.tmp',
      'src/server/platform/db/migrations',
    ],
  },
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
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: [
      'src/client/lib/dates.ts',
      'src/client/lib/calendar-dates.ts',
      'src/client/lib/clock.ts',
      'src/client/lib/mantine-dates-locale.ts',
      'src/client/test/**',
      'src/client/**/*.test.{ts,tsx}',
    ],
    rules: clientDateRules,
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: [...serverDateEdges, 'src/server/test/**', 'src/server/**/*.test.ts'],
    rules: serverDateRules,
  },
);
