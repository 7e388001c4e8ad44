// `npm run test:paths`: runs every machine's generated paths once per layer (vitest projects
// paths-machine and paths-ui: on the machine alone, and through its view) and prints states
// and transitions covered at each layer. Exits 1 unless every path passes and every machine
// covers all its states and transitions at the machine layer, and at the UI layer if it has a
// view.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isComplete, type PathReport } from '../tests/support/paths';
import { PATH_REPORTS, type Layer } from '../tests/support/paths.vitest';

rmSync(PATH_REPORTS, { recursive: true, force: true });
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'paths-machine', '--project', 'paths-ui', '--reporter=dot'],
  { stdio: 'inherit' },
);

function reports(layer: Layer): Map<string, PathReport> {
  const dir = join(PATH_REPORTS, layer);
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir).map((file) => {
      const report = JSON.parse(readFileSync(join(dir, file), 'utf8')) as PathReport;
      return [report.name, report];
    }),
  );
}

const machine = reports('machine');
const ui = reports('ui');
const fraction = (c: { covered: number; total: number }) => `${c.covered}/${c.total}`;

const rows = [
  ['machine', 'states', 'transitions', 'UI states', 'UI transitions', 'paths', 'failing'],
  ...[...machine.values()].map((m) => {
    const u = ui.get(m.name);
    return [
      m.name,
      fraction(m.states),
      fraction(m.transitions),
      u ? fraction(u.states) : m.view === 'none' ? 'no view' : 'not yet',
      u ? fraction(u.transitions) : '',
      String(m.paths),
      String(m.failures.length + (u?.failures.length ?? 0)),
    ];
  }),
];
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
console.info(`\n${line(rows[0]!)}`);
console.info(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows.slice(1)) console.info(line(row));

const incomplete = [...machine.values(), ...ui.values()].filter((r) => !isComplete(r));
for (const r of incomplete) {
  console.error(`\n${r.name}${ui.get(r.name) === r ? ' (UI layer)' : ''}:`);
  for (const s of r.states.missing) console.error(`  state never reached: ${s}`);
  for (const t of r.transitions.missing) console.error(`  transition never taken: ${t}`);
  for (const f of r.failures) console.error(`  failing path: ${f.path}`);
}
const notYet = [...machine.values()].filter((m) => m.view === 'not yet').map((m) => m.name);
if (notYet.length > 0) {
  console.info(`\nNot yet walked through their views (${notYet.length}): ${notYet.join(', ')}`);
}
process.exitCode = vitest.status === 0 && machine.size > 0 && incomplete.length === 0 ? 0 : 1;
