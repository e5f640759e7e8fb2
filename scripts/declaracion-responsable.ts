/**
 * Writes docs/declaracion-responsable.md from the text the app shows (the product's constants and its default
 * producer): run it when the version or the producer changes, `npx tsx scripts/declaracion-responsable.ts`.
 */
import fs from 'node:fs';
import { declarationMarkdown } from '../src/common/declaracion-responsable';
import { declarationFacts } from '../src/server/platform/producer';

const file = new URL('../docs/declaracion-responsable.md', import.meta.url);
fs.writeFileSync(file, declarationMarkdown(declarationFacts()));
console.log(`Escrita ${file.pathname}`);
