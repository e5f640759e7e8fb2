import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository explains itself: README and docs/ link only inside it, and every link reaches a file that exists.
const root = path.resolve(import.meta.dirname, '..');
const documents = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file)),
];

function linksOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

describe('the documentation links', () => {
  it.each(documents)('%s links only to files of the repository that exist', (file) => {
    const broken = linksOf(file).filter((link) => {
      if (link.startsWith('#')) return false;
      if (/^[a-z]+:/i.test(link)) return true;
      const target = path.resolve(path.dirname(path.join(root, file)), link.split('#')[0]!);
      return !target.startsWith(root) || !fs.existsSync(target);
    });
    expect(broken).toEqual([]);
  });

  it('the index of decisions lists every record', () => {
    const folder = path.join(root, 'docs', 'decisions');
    const records = fs.readdirSync(folder).filter((file) => /^\d{4}-.*\.md$/.test(file));
    const index = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');
    expect(records.filter((file) => !index.includes(`](${file})`))).toEqual([]);
    for (const file of records) {
      const number = file.slice(0, 4);
      expect(fs.readFileSync(path.join(folder, file), 'utf8')).toMatch(
        new RegExp(`^# ${number}\\. .+\\n\\nDate: \\d{4}-\\d{2}-\\d{2}\\n`),
      );
    }
  });
});
