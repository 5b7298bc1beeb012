import type { Plugin } from 'vite';

/**
 * Marks the module-level anatomy definitions of Chakra, Ark and zag (`createAnatomy('x').parts(…)`,
 * `anatomy.extendWith(…)`, `anatomy.build()`) and the recipes' `xAnatomy.keys()` as pure, so the bundler drops those no code reads. Unmarked, the
 * bundler must assume the calls have side effects, and every component's anatomy (≈ 40 of them) rode along with
 * the few recipes the app's theme keeps, on every screen's path. The calls only build plain objects.
 */
export function pureAnatomies(): Plugin {
  const file = /[\\/]node_modules[\\/].*(?:[\\/]anatomy\.js|\.anatomy\.m?js|[\\/]theme[\\/]recipes[\\/][\w-]+\.js)$/;
  const definition = /^((?:var|const|let)\s+[\w$]+\s*=\s*)(?=[\w$.]+\()/gm;
  // A recipe names its slots by `xAnatomy.keys()`: unmarked, that call alone keeps an unused recipe's anatomy.
  const slots = /(?<![\w$.])([\w$]+Anatomy\.keys\(\))/g;
  return {
    name: 'conversa-pure-anatomies',
    apply: 'build',
    transform: {
      filter: { id: file },
      handler(code) {
        const marked = code.replace(definition, '$1/* @__PURE__ */ ').replace(slots, '/* @__PURE__ */ $1');
        return marked === code ? null : { code: marked, map: null };
      },
    },
  };
}
