/** Vite's `?url` imports: the bundled file's URL (used for maplibre's worker script). */
declare module '*?url' {
  const url: string
  export default url
}
