// Runs several processes as one (npm start, npm run dev): their output as it comes, Ctrl-C or
// SIGTERM forwarded to each, and when one of them stops, the others are stopped too.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
}

export function supervise(specs: ProcessSpec[]): void {
  let stopping = false;
  const children: ChildProcess[] = specs.map((spec) =>
    spawn(spec.command, spec.args, { stdio: 'inherit', env: { ...process.env, ...spec.env } }),
  );
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    // Each process finishes its requests and jobs (SIGTERM); then this one leaves.
    let left = children.filter((c) => c.exitCode === null).length;
    if (left === 0) process.exit(code);
    for (const child of children) {
      child.once('exit', () => {
        left -= 1;
        if (left <= 0) process.exit(code);
      });
    }
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  children.forEach((child, i) =>
    child.on('exit', (code) => {
      if (!stopping) console.error(`${specs[i]!.name} stopped (${code ?? 'signal'}): stopping all`);
      stop(code ?? 1);
    }),
  );
}
