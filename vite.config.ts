import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget, type Budgets } from './build/bundle-budget';
import { mantineComponentStyles } from './build/mantine-component-styles';
import { precompress } from './build/precompress';

const publicScreen = (screen: string) => ['app/layouts/public-layout.tsx', `app/routes/${screen}.tsx`];

/** What a phone downloads on a first visit, as sent (brotli). `npm run build` fails past these. */
const budgets: Budgets = {
  firstLoad: [
    // 120 kB is the goal; the merges of 23 Nov (new routes and screens) brought these to 120.2 and
    // 120.6 kB: held at 122 kB until the next cut (docs/performance.md).
    { page: '/', modules: publicScreen('public/landing'), maxSentBytes: 122 * 1024 },
    // Over the 120 kB goal (docs/performance.md): the booking steps and the sign-in form validate with
    // zod and react-hook-form from the first render. Held where they are until they are split.
    { page: '/agendar-cita', modules: publicScreen('public/booking'), maxSentBytes: 222 * 1024 },
    { page: '/auth/login', modules: publicScreen('auth/login'), maxSentBytes: 165 * 1024 },
    { page: '/terminos-y-condiciones', modules: publicScreen('public/terms'), maxSentBytes: 122 * 1024 },
  ],
  maxChunkSentBytes: 100 * 1024,
  maxBlockingCssBytes: 20 * 1024,
};

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), mantineComponentStyles(), precompress(), bundleBudget(budgets)],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // `.vite/manifest.json`: the chunks of each route, for the size budget and the server's preloads.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Positioning (popovers, selects, tooltips) only in the chunks of screens that use it.
          groups: [{ name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
