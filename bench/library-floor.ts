// The part of the first render no code of ours can shrink: the third-party libraries the stack
// is built on (React + react-dom, Redux Toolkit with RTK Query and immer, react-redux, formatjs's
// intl-messageformat, r2wc), bundled and minified exactly as the real build does, in one chunk.
import { rollup, type OutputChunk, type RollupOptions } from 'rollup';
import { gzipBytes } from './bundle.ts';

export async function libraryFloor(): Promise<{ gzip: number; packages: string[] }> {
  const [chunks] = (await import('../rollup.config.mjs')).default;
  // Same plugins, minus the ones that write to dist/.
  const plugins = (chunks!.plugins as Array<{ name: string }>).filter((p) => !['vf-clean', 'vf-manifest', 'vf-precompress'].includes(p.name));
  const bundle = await rollup({ ...chunks, plugins, onwarn: () => {} } as RollupOptions);
  const { output } = await bundle.generate({
    format: 'es', compact: true, manualChunks: (id) => (id.includes('node_modules') ? 'libraries' : undefined),
  });
  await bundle.close();
  const libraries = output.find((c): c is OutputChunk => c.type === 'chunk' && c.name === 'libraries');
  if (!libraries) throw new Error('no third-party chunk was produced');
  const packages = new Set(Object.keys(libraries.modules).filter((id) => id.includes('node_modules')).map((id) => id.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')));
  return { gzip: gzipBytes(libraries.code), packages: [...packages].sort() };
}
