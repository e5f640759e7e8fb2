// Only Mantine's reset and global rules block the first paint; each component's styles come with the
// chunk that uses it (build/mantine-component-styles.ts), and the theme's variables are written by
// MantineProvider (app.tsx).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import './app/focus.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { initialState } from './lib/initial-state';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App initialState={initialState()} Router={BrowserRouter} />
  </StrictMode>
);
// The public pages arrive rendered by the server (src/server/platform/spa/spa-render.ts), and this module is
// loaded after their first paint (boot.ts): the app takes over that markup instead of drawing the page
// again — as a transition, so React does it in slices of a few milliseconds and the page stays
// responsive meanwhile (one long task otherwise). Every other page starts empty.
if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
