// Non-code imports, resolved by rollup (build) and esbuild (browser tests).
declare module '*.css' {
  const css: string;
  export default css;
}
