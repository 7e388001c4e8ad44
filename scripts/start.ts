// `npm start` (after `npm run build`): the sandbox server (D120: Cashfree, MSG91, the dev
// outbox) on 127.0.0.1:3100 and the app on 127.0.0.1:3000, which on embedded PGlite also runs
// the job worker (D108). Ctrl-C stops both.
import { supervise } from './supervise';

supervise([
  { name: 'sandbox', command: 'npx', args: ['tsx', 'sandbox/main.ts'] },
  { name: 'web', command: 'npx', args: ['tsx', 'src/server/main.ts'] },
]);
