// Built by the repository's `npm run build` (examples/build.mjs) into dist/examples/react/, which
// the vf server serves at /examples/react/.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/examples/react/',
  plugins: [react()],
  build: { outDir: '../../dist/examples/react', emptyOutDir: true },
});
