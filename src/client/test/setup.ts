import '@testing-library/jest-dom/vitest';
// Every test starts on the browser's clock; `fixClock` stops it for one test.
import './clock';
