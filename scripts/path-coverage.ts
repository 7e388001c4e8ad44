// `npm run test:paths`: runs the generated paths of every registered machine against the real
// actor and prints state and transition coverage. Exits 1 unless every machine covers all its
// states and transitions with no failing path. Plain Node (tsx), no vitest.
import { pathSuites } from '../tests/support/machine-registry';
import { isComplete, type PathReport } from '../tests/support/paths';

const reports: PathReport[] = [];
for (const suite of pathSuites) reports.push(await suite.run());

const rows = [
  ['machine', 'states', 'transitions', 'paths', 'failing'],
  ...reports.map((r) => [
    r.name,
    `${r.states.covered}/${r.states.total}`,
    `${r.transitions.covered}/${r.transitions.total}`,
    String(r.paths),
    String(r.failures.length),
  ]),
];
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
console.info(line(rows[0]!));
console.info(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows.slice(1)) console.info(line(row));

let ok = true;
for (const r of reports) {
  if (isComplete(r)) continue;
  ok = false;
  console.error(`\n${r.name}:`);
  for (const s of r.states.missing) console.error(`  state never reached: ${s}`);
  for (const t of r.transitions.missing) console.error(`  transition never taken: ${t}`);
  for (const f of r.failures) console.error(`  failing path: ${f.path}\n    ${f.error.message}`);
  if (r.paths === 0) console.error('  no paths generated');
}
process.exitCode = ok ? 0 : 1;
