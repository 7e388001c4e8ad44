// Lingui's catalogs (issue 15, D166): one PO file per text module and language, keyed by the
// text's path ('messages.otp.resendIn'). `npm run i18n` compiles them into src/locales/*/*.ts,
// which the app, the server and the tests import; `--strict` fails on a text one language lacks.
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const modules = [
  'messages',
  'dashboardTexts',
  'studentsTexts',
  'publicPageTexts',
  'apiMessages',
  'privacyTexts',
  'autopayTexts',
  'taxTexts',
];

export default defineConfig({
  locales: ['en', 'hi'],
  sourceLocale: 'en',
  format: formatter({ lineNumbers: false, explicitIdAsDefault: true }),
  compileNamespace: 'ts',
  catalogs: modules.map((name) => ({
    path: `<rootDir>/src/locales/{locale}/${name}`,
    include: [`<rootDir>/src/domain/${name}.ts`],
  })),
});
