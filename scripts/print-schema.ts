/** `npm run graphql:schema`: write the printed SDL to schema.graphql (the drift test compares them). */
import fs from 'node:fs';
import { printSDL } from '../lib/graphql/schema/index.ts';

fs.writeFileSync('schema.graphql', printSDL());
console.log('Wrote schema.graphql');
