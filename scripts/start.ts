// `npm start`: builds the app (`npm run build`; `npm start -- --no-build` skips it), then runs
// what the build made, as production does (README: Deployment): the sandbox server (D120:
// Cashfree, MSG91, the dev outbox) on 127.0.0.1:3100 and the web server on 127.0.0.1:3000, which
// on embedded PGlite also runs the job worker (D108). Ctrl-C, or SIGTERM to npm's process (D218:
// package.json's `exec` makes this process npm's child, which npm passes its signals to), stops
// both; tests/production/start.test.ts checks it.
import { runToEnd, supervise } from './supervise';

if (!process.argv.includes('--no-build')) {
  await runToEnd({ name: 'build', command: 'npm', args: ['run', 'build'] });
}
supervise([
  { name: 'sandbox', command: process.execPath, args: ['dist-server/sandbox.js'] },
  { name: 'web', command: process.execPath, args: ['dist-server/main.js'] },
]);
