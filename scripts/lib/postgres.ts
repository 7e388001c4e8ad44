// A throwaway PostgreSQL cluster for benchmarks (npm run chaos, npm run bench) when no
// DATABASE_URL is given: Debian's binaries, a temporary directory, a free port on 127.0.0.1,
// trust auth; stopped and removed afterwards. As root, the server runs as `postgres`.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0)
    throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  return join(root, versions[0]!, 'bin');
}

const asPostgres = (command: string) => {
  const root = process.getuid?.() === 0;
  execFileSync(
    root ? 'su' : 'sh',
    root ? ['postgres', '-s', '/bin/sh', '-c', command] : ['-c', command],
    {
      stdio: 'ignore',
    },
  );
};

export interface Cluster {
  url: string;
  stop(): void;
}

export async function startCluster(): Promise<Cluster> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'tuitionpay-bench-pg-'));
  if (process.getuid?.() === 0)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  const port = await freePort();
  asPostgres(`${bin}/initdb -D ${dir}/data -U tuitionpay --auth=trust >/dev/null`);
  asPostgres(
    `${bin}/pg_ctl -D ${dir}/data -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off" -l ${dir}/log -w start >/dev/null`,
  );
  return {
    url: `postgres://tuitionpay@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPostgres(`${bin}/pg_ctl -D ${dir}/data -m fast stop >/dev/null`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
