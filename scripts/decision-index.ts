// `npm run docs:decisions`: writes docs/decisions/README.md, the index of the decisions by area
// with each one's title and status, from the files beside it (D229; the format:
// scripts/lib/decisions.ts). With --check (in `npm test`) it fails when the index is stale or a
// file does not follow the format.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decisionIndex, readDecision, type Decision } from './lib/decisions';

const DIR = 'docs/decisions';
const INDEX = join(DIR, 'README.md');

function main() {
  const files = readdirSync(DIR).filter((file) => file !== 'README.md');
  const read = files.map((file) => readDecision(file, readFileSync(join(DIR, file), 'utf8')));
  const problems = read.filter((r): r is string => typeof r === 'string');
  const decisions = read.filter((r): r is Decision => typeof r !== 'string');
  const seen = new Map<number, string>();
  for (const d of decisions) {
    const other = seen.get(d.id);
    if (other) problems.push(`D${d.id} has two files: ${other} and ${d.file}`);
    seen.set(d.id, d.file);
  }
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    process.exitCode = 1;
    return;
  }
  const text = decisionIndex(decisions);
  if (process.argv.includes('--check')) {
    if (readFileSync(INDEX, 'utf8') !== text) {
      console.error(`${INDEX} is stale: run \`npm run docs:decisions\` and commit it.`);
      process.exitCode = 1;
    } else console.info(`${INDEX}: up to date (${decisions.length} decisions)`);
    return;
  }
  writeFileSync(INDEX, text);
  console.info(`${INDEX}: ${decisions.length} decisions`);
}

main();
