// A jsdom environment that loads the UI's own jsdom (27). Vitest's built-in one imports jsdom from where vitest is
// installed, and pnpm resolved that optional peer to jsdom 31, whose undici needs a newer Node than these machines run.
import { JSDOM } from 'jsdom';
import { populateGlobal } from 'vitest/runtime';

// Node's networking classes stay: RTK Query builds Node Requests, and they only accept Node's AbortSignal.
const keepFromNode = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'FormData',
  'Blob',
  'URL',
  'URLSearchParams',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'BroadcastChannel',
  'MessageChannel',
  'MessagePort',
];

export default {
  name: 'conversa-jsdom',
  viteEnvironment: 'client',
  async setup(global) {
    const dom = new JSDOM('<!DOCTYPE html>', { pretendToBeVisual: true, runScripts: 'dangerously', url: 'http://localhost:3000/' });
    const nodeValues = Object.fromEntries(keepFromNode.map((name) => [name, global[name]]));
    const { keys, originals } = populateGlobal(global, dom.window, { bindFunctions: true });
    for (const [name, value] of Object.entries(nodeValues)) if (value !== undefined) global[name] = value;
    return {
      teardown(target) {
        dom.window.close();
        for (const key of keys) delete target[key];
        for (const [key, value] of originals) target[key] = value;
      },
    };
  },
};
