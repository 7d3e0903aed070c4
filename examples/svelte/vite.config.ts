// Built by the repository's `npm run build` (examples/build.mjs) into dist/examples/svelte/, which
// the vf server serves at /examples/svelte/.
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/examples/svelte/',
  plugins: [svelte()],
  build: { outDir: '../../dist/examples/svelte', emptyOutDir: true },
});
