// Built by the repository's `npm run build` (examples/build.mjs) into dist/examples/vue/, which
// the vf server serves at /examples/vue/.
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/examples/vue/',
  // vf's tags are custom elements, not Vue components.
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('vf-') } } })],
  build: { outDir: '../../dist/examples/vue', emptyOutDir: true },
});
