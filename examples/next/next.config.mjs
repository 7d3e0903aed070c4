// Built by the repository's `npm run build` (examples/build.mjs): a static export (out/), copied
// to dist/examples/next/, which the vf server serves at /examples/next/.
import { fileURLToPath } from 'node:url';

/** @type {import('next').NextConfig} */
const config = {
  output: 'export',
  // The examples share one install (examples/node_modules): that folder is the workspace's root.
  turbopack: { root: fileURLToPath(new URL('..', import.meta.url)) },
  basePath: '/examples/next',
  trailingSlash: true,
};

export default config;
