import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A recorded Meta webhook body (services/channels/test/fixtures/meta), as raw text with its
 * placeholders filled: {{CDN}} is where the files are served, {{IMAGE_ID}} and the like name Cloud
 * API media. The text is what gets signed, exactly as Meta signs the bytes it sends.
 */
export function metaFixture(name: string, values: Record<string, string> = {}): string {
  const text = readFileSync(join(import.meta.dirname, 'fixtures', 'meta', `${name}.json`), 'utf8');
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, key: string) => values[key] ?? placeholder);
}
