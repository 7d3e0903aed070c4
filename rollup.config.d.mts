import type { RollupOptions } from 'rollup';
/** The two builds: the ES-module chunks, then the classic-script loader. */
declare const configs: RollupOptions[];
export default configs;
