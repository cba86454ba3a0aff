import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from '../builder.ts';
import './scalars.ts';
import './users.ts';
import './identity.ts';
import './organizations.ts';
import './credentials.ts';
import './directory.ts';
import './folders.ts';
import './documents.ts';
import './seals.ts';
import './batch.ts';
import './billing.ts';
import './pdf.ts';
import './messaging.ts';
import './chat.ts';

/** The executable schema. */
export const schema = builder.toSchema({ sortSchema: true });

/** The SDL committed as schema.graphql. */
export function printSDL(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
