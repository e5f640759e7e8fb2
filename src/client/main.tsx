// Only Mantine's reset and global rules block the first paint; each component's styles come with the
// chunk that uses it (build/mantine-component-styles.ts), and the theme's variables are written by
// MantineProvider (app.tsx).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import './app/focus.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
