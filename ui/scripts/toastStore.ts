import type { Plugin } from 'vite';

/**
 * Ark's `createToaster` reads `createStore` off the whole `@zag-js/toast` namespace. That barrel also builds the
 * toast group object (the machines), so the app's first chunk, which only creates the store at start, carried the
 * machines (≈ 4 KiB gzip) that only the lazily loaded toast area runs. Pointing `createToaster` at the store's own
 * module leaves the barrel, and the machines, to the area's chunk. Same function, same module instance.
 */
export function toastStore(): Plugin {
  const createToaster = /[\\/]@ark-ui[\\/]react[\\/]dist[\\/]components[\\/]toast[\\/]create-toaster\.js$/;
  return {
    name: 'conversa-toast-store',
    apply: 'build',
    transform: {
      filter: { id: createToaster },
      async handler(code, id) {
        const barrel = await this.resolve('@zag-js/toast', id);
        if (!barrel) return null;
        const store = barrel.id.replace(/index\.mjs$/, 'toast.store.mjs');
        const rewritten = code
          .replace('import * as toast from "@zag-js/toast";', `import { createToastStore } from ${JSON.stringify(store)};`)
          .replace('toast.createStore(', 'createToastStore(');
        // Another Ark version laid out differently: leave it as it is rather than guess.
        if (!rewritten.includes('createToastStore(') || /\btoast\.\w+\(/.test(rewritten)) return null;
        return { code: rewritten, map: null };
      },
    },
  };
}
