import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const frameworkPackages = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  '@tanstack/query-core',
  '@tanstack/react-query',
  'lucide-react/dist/esm/shared',
  'lucide-react/dist/esm/context',
  'lucide-react/dist/esm/Icon',
  'lucide-react/dist/esm/createLucideIcon',
  '@radix-ui/primitive',
  '@radix-ui/react-context',
  '@radix-ui/react-primitive',
  '@radix-ui/react-presence',
  '@radix-ui/react-use-controllable-state',
  '@radix-ui/react-use-effect-event',
  '@radix-ui/react-use-layout-effect',
  '@radix-ui/react-use-size',
];
const frameworkModules = new RegExp(
  `node_modules[\\\\/](${frameworkPackages.map((p) => p.replace(/\//g, '[\\\\/]')).join('|')})[\\\\/.]`,
);

// `npm run dev` serves the client here and proxies the API to the Fastify server on 3000.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // One chunk of the libraries every page loads: React, the router, TanStack Query, the icons' and
        // the dialogs' common parts. Left to the bundler, a new lazy page could move some of them out of the
        // entry into shared chunks of their own and add over 1 KB to Home's first load (decision 0056). Only
        // what Home itself loads belongs here, or every page would pay for it.
        codeSplitting: { groups: [{ name: 'framework', test: frameworkModules }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/stripe-webhook': 'http://127.0.0.1:3000',
    },
  },
});
