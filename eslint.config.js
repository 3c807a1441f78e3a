import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import directions (DESIGN.md section 8, rule 2), enforced here rather than remembered:
// common depends on zod alone; server and client never import each other; a client feature never
// imports another feature (routes.tsx composes them).
const features = readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const restrict = (patterns) => ['error', { patterns }];

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
  ...features.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**'], message: 'Client code never imports server code.' },
        {
          regex: `^(\\.\\./(?!${feature}/)[^./][^/]*/|.*/features/(?!${feature}/))`,
          message: 'A feature never imports another feature; share through components/ or lib/, compose in routes.tsx.',
        },
      ]),
    },
  })),
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
