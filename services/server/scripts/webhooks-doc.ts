/**
 * `pnpm docs:webhooks`: writes the event catalogue of docs/webhooks.md (between its catalogue markers)
 * from contracts/src/webhooks/catalog.ts: each event's name, meaning, product event and payload schema.
 */
import { webhookCatalogue, webhookPayloadSchema } from '@conversa/contracts';
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../../../docs/webhooks.md', import.meta.url).pathname;
const [start, end] = ['<!-- catalogue:start -->', '<!-- catalogue:end -->'];
const sections = webhookCatalogue.map((entry) => {
  const schema = webhookPayloadSchema(entry);
  return [
    `### \`${entry.event}\``,
    '',
    `${entry.description} From the product event \`${entry.from.type}\`. \`data\`:`,
    '',
    '```json',
    JSON.stringify(schema, null, 2),
    '```',
    '',
  ].join('\n');
});
const page = readFileSync(file, 'utf8');
const before = page.slice(0, page.indexOf(start) + start.length);
const after = page.slice(page.indexOf(end));
writeFileSync(file, `${before}\n\n${sections.join('\n')}\n${after}`);
console.log(JSON.stringify({ written: file, events: webhookCatalogue.length }));
