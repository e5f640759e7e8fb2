// `npm run dev`: the API on :3000 (restarts on change) and Vite on :5173 (hot reload, proxies /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--watch', '--import', 'tsx', 'src/server/main.ts'], {
    stdio: 'inherit',
    // One process: `--watch` restarts it on every change (WEB_CONCURRENCY in the environment overrides it).
    env: { NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:5173', WEB_CONCURRENCY: '1', ...process.env },
  }),
  spawn('npx', ['vite', '--configLoader', 'runner'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
