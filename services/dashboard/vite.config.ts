/**
 * Builds the dashboard into dist/, which the API process serves at /dashboard. `npm run dev` serves it
 * with hot reload and passes /api to a local API (PASSES_API_URL, default http://127.0.0.1:3000).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The API's schemas and the domain's rules, from their sources (as tsconfig.json's paths for the
 * type-check): ES modules the bundler tree-shakes to what the dashboard uses, rather than the CommonJS
 * builds in dist/ that Node runs.
 */
const packageSource = (name: string) => fileURLToPath(new URL(`../../packages/${name}/src/index.ts`, import.meta.url));

const apiUrl = process.env['PASSES_API_URL'] ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/dashboard/',
  plugins: [react()],
  resolve: {
    alias: { '@passes/contracts': packageSource('contracts'), '@passes/domain': packageSource('domain') },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Nothing inline: the CSP allows scripts and styles from the server only.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: apiUrl, changeOrigin: false } },
  },
});
