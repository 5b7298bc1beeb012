/** The texts modules made by scripts/textsPlugin.ts: one language's texts of one part, keyed by message id. */
declare module 'virtual:texts/*' {
  const texts: Readonly<Record<string, unknown>>;
  export default texts;
}
