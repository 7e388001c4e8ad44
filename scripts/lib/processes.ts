// The product's processes for benchmarks: started with their environment, ready when a URL
// answers, killed (SIGKILL for chaos, SIGTERM otherwise) and started again on the same port.
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'undici';

export interface Service {
  name: string;
  child: ChildProcess;
  /** Output kept for a failure's report. */
  output: string[];
  /** Bytes written to stderr so far: the server's log (main.ts). */
  stderrBytes: () => number;
}

/**
 * `script`: a built server (dist-server/*.js) or a TypeScript one, run with tsx's loader.
 * PROFILE_DIR: web processes write a CPU profile there (node --cpu-prof) when they exit.
 */
export function start(name: string, script: string, env: Record<string, string>): Service {
  const profile =
    process.env.PROFILE_DIR && name.startsWith('web')
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`]
      : [];
  // One process (node, with tsx's loader for TypeScript), so a signal reaches the server itself.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...profile, ...loader, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  let stderrBytes = 0;
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrBytes += chunk.length;
    keep(chunk);
  });
  return { name, child, output, stderrBytes: () => stderrBytes };
}

/**
 * Resolves once `url` answers (any status below 500), within `timeoutMs`. `selfSigned`: the
 * server's certificate is a throwaway one (the benchmark's HTTP/2 front), accepted as it is.
 */
export async function ready(
  service: Service,
  url: string,
  { timeoutMs = 90_000, selfSigned = false } = {},
): Promise<void> {
  const dispatcher = selfSigned ? new Agent({ connect: { rejectUnauthorized: false } }) : undefined;
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if (service.child.exitCode !== null) break;
      try {
        const response = await request(url, dispatcher ? { dispatcher } : {});
        await response.body.dump();
        if (response.statusCode < 500) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await dispatcher?.close();
  }
  throw new Error(`${service.name} did not start:\n${service.output.join('').slice(-3000)}`);
}

export async function stop(service: Service, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  const exited = new Promise((resolve) => service.child.once('exit', resolve));
  service.child.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}
