import openapiTS, { astToString } from 'openapi-typescript';
import { writeFile } from 'node:fs/promises';

/**
 * The TypeScript types of an OpenAPI document, as an integrator generates them (openapi-typescript,
 * which loads TypeScript 5's compiler API: this package depends on that version for it).
 */
export async function generateClientTypes(document: object, file: string): Promise<void> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0]);
  await writeFile(file, `${astToString(ast)}\n`);
}
