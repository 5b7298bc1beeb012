import { merge } from './catalogue';

/**
 * Every area's en texts, loaded when the language is chosen. The query makes each area module a copy of its own
 * in which only `en` is used, so the bundler leaves the other languages out of this chunk and this one out of the app's.
 */
const areas = import.meta.glob<Readonly<Record<string, string>>>(['./common.ts', './errors.ts', './shell.ts', '../features/*/messages.ts'], { import: 'en', query: { lang: 'en' }, eager: true });

export const en = merge(Object.values(areas));
