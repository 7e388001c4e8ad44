// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Import directions of ARCHITECTURE.md ("Rules of direction"): a wrong import fails lint.
const ui = ['**/src/ui', '**/src/ui/**'];
const api = ['**/src/api', '**/src/api/**'];
const browser = ['**/src/browser', '**/src/browser/**'];
const server = ['**/src/server', '**/src/server/**'];
const machines = ['**/machines', '**/machines/**'];
const sandbox = ['**/sandbox', '**/sandbox/**'];
const frameworks = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  '@mantine/*',
  'react-router',
  'react-router-dom',
  'openapi-fetch',
  '@xstate/react',
];

/** @param {string[]} group @param {string} message */
const forbid = (group, message) => ({ group, message });

const browserGlobals = [
  { name: 'localStorage', message: 'Reach storage through src/browser/storage.' },
  { name: 'sessionStorage', message: 'Reach storage through src/browser/storage.' },
  { name: 'fetch', message: 'Reach the API through src/api.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'node_modules',
      '.data',
      'coverage',
      'test-results',
      'playwright-report',
      'openapi/schema.d.ts',
      'src/server/db/migrations',
      'src/locales/*/*.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              [...ui, ...api, ...browser, ...server, ...machines, ...frameworks],
              'src/domain imports nothing of ours and no framework.',
            ),
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...browserGlobals,
        { name: 'window', message: 'src/domain is pure.' },
        { name: 'document', message: 'src/domain is pure.' },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              [...ui, ...api, ...browser, ...server, ...frameworks],
              'machines/ import only xstate and src/domain.',
            ),
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...browserGlobals,
        { name: 'window', message: 'Provide effects as actions or actors.' },
        { name: 'document', message: 'Provide effects as actions or actors.' },
        { name: 'location', message: 'Navigation is an action the UI provides.' },
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [forbid(server, 'The UI never imports the server.')] },
      ],
      'no-restricted-globals': ['error', ...browserGlobals],
      'no-restricted-properties': [
        'error',
        {
          object: 'window',
          property: 'localStorage',
          message: 'Reach storage through src/browser/storage.',
        },
        {
          object: 'window',
          property: 'sessionStorage',
          message: 'Reach storage through src/browser/storage.',
        },
        { object: 'window', property: 'fetch', message: 'Reach the API through src/api.' },
        { object: 'Date', property: 'now', message: 'Views read the time from useClock().' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Views read the time from useClock() (src/ui/app/clock.tsx).',
        },
      ],
    },
  },
  {
    // The one home of the views' clock.
    files: ['src/ui/app/clock.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/api/**/*.ts', 'src/browser/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              [...ui, ...server, '@mantine/*'],
              'src/api and src/browser serve the UI; they never import it or the server.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              [...ui, ...api, ...browser, ...machines, ...frameworks],
              'The sandbox imitates outside services; it imports no app code.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              [...ui, ...api, ...browser, ...machines, ...frameworks],
              'src/server imports src/domain and the contract types only.',
            ),
            // D120: the sandbox is a server of its own, never part of the product's build.
            forbid(sandbox, 'src/server never imports the sandbox.'),
          ],
        },
      ],
    },
  },
);
