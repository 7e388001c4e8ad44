// `npm run sandbox`: the sandbox server (D120) on 127.0.0.1:3100 by default. It refuses any
// address but loopback: it knows the development secrets and shows every OTP (D116).
import { ConfigError } from '../src/server/config';
import { fileClock } from '../src/server/testClock';
import { buildSandbox } from './app';
import { loadSandboxConfig } from './config';

async function main() {
  const config = loadSandboxConfig(process.env);
  const app = await buildSandbox({
    config,
    logStream: process.stderr,
    // D254: the time of the app under test, when it is moved.
    ...(config.testClockFile ? { clock: fileClock(config.testClockFile) } : {}),
  });
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await app.listen({ host: config.host, port: config.port });
  console.info(`Sandbox (Cashfree, MSG91, dev SMS outbox) on ${config.origin}`);
  console.info(`Dev SMS outbox: ${config.origin}/sandbox/outbox`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
