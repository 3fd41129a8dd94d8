import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { controlOpenApiDocument, controlOpenApiText } from './control-openapi';

describe('the control API’s OpenAPI document', () => {
  it('is the one committed in docs/ (run `npm run control-api:openapi` after changing a schema)', async () => {
    const committed = await readFile('docs/control-api.openapi.json', 'utf8');
    expect(committed, 'docs/control-api.openapi.json is out of date: run npm run control-api:openapi').toBe(controlOpenApiText());
  });

  it('describes every route, and each reference names a schema it holds', () => {
    const document = controlOpenApiDocument() as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(document.paths).sort()).toEqual([
      '/actions',
      '/actions/{action}',
      '/alerts/pause',
      '/alerts/skip',
      '/automations',
      '/automations/{id}/run',
      '/events',
      '/events/ticket',
      '/obs/scene',
      '/obs/scenes',
      '/pair',
      '/pair/{requestId}/claim',
      '/phone/buttons',
      '/phone/claim',
      '/state',
      '/variables',
      '/variables/{name}',
    ]);
    const references = [...JSON.stringify(document).matchAll(/"#\/components\/schemas\/([A-Za-z]+)"/g)].map((match) => match[1]!);
    expect(references.length).toBeGreaterThan(10);
    for (const name of references) expect(document.components.schemas, name).toHaveProperty(name);
  });
});
