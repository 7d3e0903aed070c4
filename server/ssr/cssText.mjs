// Node module hook for server rendering: the elements import their stylesheets as text
// (`import css from './styles.css'`, as rollup and esbuild do for the browser).
import { readFile } from 'node:fs/promises';

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.css')) return nextLoad(url, context);
  const text = await readFile(new URL(url), 'utf8');
  return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
}
