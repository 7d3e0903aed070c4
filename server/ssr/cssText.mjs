// Node module hook for server rendering: the elements import their stylesheets as text
// (`import css from './styles.css'`), minified as the build does (scripts/rollup-plugins.mjs
// `cssText`), so the server's first paint sends the same stylesheet the element adopts.
import { readFile } from 'node:fs/promises';
import { transform } from 'esbuild';

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.css')) return nextLoad(url, context);
  const { code } = await transform(await readFile(new URL(url), 'utf8'), { loader: 'css', minify: true });
  return { format: 'module', source: `export default ${JSON.stringify(code.trim())};`, shortCircuit: true };
}
