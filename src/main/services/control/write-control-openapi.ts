/** Writes docs/control-api.openapi.json from the schemas: `npm run control-api:openapi`. */
import { writeFileSync } from 'node:fs';
import { controlOpenApiText } from './control-openapi';

writeFileSync('docs/control-api.openapi.json', controlOpenApiText());
console.log('wrote docs/control-api.openapi.json');
