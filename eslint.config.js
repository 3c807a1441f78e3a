import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import directions (docs/architecture.md, "House rules", rule 2), enforced here rather than remembered:
// common depends on zod alone; server and client never import each other; a client feature never
// imports another feature (routes.tsx composes them).
const features = readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const restrict = (patterns) => ['error', { patterns }];

// Domains import each other only through their services (issue "One owner for every rule", item 3):
// besides service.ts, *-service.ts and repository.ts, these are the only files another domain may import.
const DOMAIN_PUBLIC_FILES = {
  allowance: ['changes', 'grants', 'service', 'ledger'],
  auth: ['service', 'context', 'caller', 'sessions', 'passwords'],
  billing: ['service', 'plans', 'stripe-gateway', 'subscription-sync', 'checkout-attempts'],
  comparison: [
    'local-analyser',
    'judge',
    'combine-findings',
    'cited-positions',
    'consensus',
    'cross-examination',
    'written-consensus',
    'worker-pool',
    'compared-part',
  ],
  email: ['mailer', 'templates', 'logs'],
  providers: ['credentials', 'language-models', 'stream-answer', 'model-lists'],
  settings: ['service', 'secret-box'],
  users: ['repository', 'anonymous-limits'],
  audit: ['audit-log'],
  leaderboard: ['answers'],
};

// Server domains (eslint-plugin-boundaries): every folder directly under src/server is a domain except the
// shared infrastructure db/, http/, lib/. app.ts and main.ts compose everything; config.ts and paths.ts are shared.
const serverBoundaries = {
  plugins: { boundaries },
  settings: {
    // Without this the extensionless .ts imports do not resolve and the plugin silently checks nothing.
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    'boundaries/legacy-templates': false,
    'boundaries/elements': [
      { type: 'server-infra', pattern: 'src/server/{db,http,lib}', partialMatch: false },
      { type: 'server-domain', pattern: 'src/server/*', partialMatch: false, capture: ['domain'] },
      { type: 'common', pattern: 'src/common', partialMatch: false },
    ],
    'boundaries/files': [
      { category: 'composition-root', pattern: 'src/server/{app,main}.ts' },
      { category: 'server-shared', pattern: 'src/server/{config,paths}.ts' },
      {
        category: 'domain-public',
        pattern: [
          'src/server/*/service.ts',
          'src/server/*/*-service.ts',
          'src/server/*/repository.ts',
          ...Object.entries(DOMAIN_PUBLIC_FILES).flatMap(([domain, files]) =>
            files.map((file) => `src/server/${domain}/${file}.ts`),
          ),
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      'tmp/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/common/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/server/**', '**/client/**', '../*'],
          message: 'src/common is shared: it may import only zod and itself.',
        },
        { regex: '^(?!zod$|\\./).*', message: 'src/common may import only zod and its own files.' },
      ]),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/client/**', 'react', 'react-dom'], message: 'Server code never imports client code.' },
      ]),
    },
  },
  {
    // Routes are HTTP only: queries and the schema belong to the domain's services and repositories.
    files: ['src/server/**/*routes.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/client/**', 'react', 'react-dom'], message: 'Server code never imports client code.' },
        {
          group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema'],
          message: 'Routes are HTTP only: move the query into the domain\'s service or repository.',
        },
      ]),
    },
  },
  {
    ...serverBoundaries,
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', 'tests/**'],
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            "{{#if to.element.captured.domain}}'{{dependency.source}}' is private to the {{to.element.captured.domain}} domain. " +
            'From outside it, import only its service.ts, *-service.ts, repository.ts or a file listed in ' +
            'DOMAIN_PUBLIC_FILES (eslint.config.js).' +
            "{{else}}'{{dependency.source}}' may not be imported here: only app.ts and main.ts import anything in " +
            'src/server; other server files import their own domain, db/, http/, lib/, config.ts, paths.ts, src/common ' +
            "and other domains' public files.{{/if}}",
          policies: [
            // The composition root wires everything together.
            { from: { file: { categories: 'composition-root' } }, allow: { to: { module: { origin: 'local' } } } },
            // Shared infrastructure, shared root files and contract code: open to every server file.
            { allow: { to: { element: { type: ['server-infra', 'common'] } } } },
            { allow: { to: { file: { categories: 'server-shared' } } } },
            // Inside one domain files import each other freely.
            {
              from: { element: { type: 'server-domain' } },
              allow: {
                to: { element: { type: 'server-domain', captured: { domain: '{{ from.element.captured.domain }}' } } },
              },
            },
            // Across domains: only the other domain's public files.
            { allow: { to: { element: { type: 'server-domain' }, file: { categories: 'domain-public' } } } },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/server/**', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'pg', '@sendgrid/*', 'stripe'],
          message: 'Client code never imports server code.',
        },
      ]),
    },
  },
  // A feature may have sub-folders (admin/users, admin/billing, ...): for a file `depth` folders
  // below features/<feature>/, an import that climbs exactly that far and names another folder
  // reaches another feature.
  ...features.flatMap((feature) =>
    [1, 2, 3].map((depth) => ({
      files: [`src/client/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': restrict([
          { group: ['**/server/**'], message: 'Client code never imports server code.' },
          {
            group: ['**/lib/api'],
            importNames: ['apiRequest', 'apiList'],
            message: 'Calls to the server live in src/client/api/ (one query or call per endpoint); import from there.',
          },
          {
            regex: `^((\\.\\./){${depth}}(?!${feature}/)[^./][^/]*/|.*/features/(?!${feature}/))`,
            message:
              'A feature never imports another feature; share through components/ or lib/, compose in routes.tsx.',
          },
        ]),
      },
    })),
  ),
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
