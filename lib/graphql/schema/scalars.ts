import { GraphQLError, Kind } from 'graphql';
import { ReceivedUpload } from '../../storage/received-upload.ts';
import { builder } from '../builder.ts';
import { UUID_RE } from '../../ids.ts';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

function parseUuid(value: unknown): string {
  if (typeof value !== 'string' || !UUID_RE.test(value)) throw badInput(`Invalid UUID: ${JSON.stringify(value)}`);
  return value.toLowerCase();
}

builder.scalarType('UUID', {
  description: 'A UUID in its canonical 8-4-4-4-12 hex form.',
  serialize: (v) => String(v),
  parseValue: parseUuid,
  parseLiteral: (ast) => parseUuid(ast.kind === Kind.STRING ? ast.value : undefined),
});

function parseDateTime(value: unknown): Date {
  const d = typeof value === 'string' ? new Date(value) : undefined;
  if (!d || Number.isNaN(d.getTime())) throw badInput(`Invalid DateTime: ${JSON.stringify(value)} (expected ISO 8601)`);
  return d;
}

builder.scalarType('DateTime', {
  description: 'An ISO 8601 UTC timestamp.',
  serialize: (v) => (v instanceof Date ? v : new Date(v)).toISOString(),
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined),
});

function parseDate(value: unknown): string {
  if (typeof value !== 'string' || !DATE_RE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw badInput(`Invalid Date: ${JSON.stringify(value)} (expected YYYY-MM-DD)`);
  }
  return value;
}

builder.scalarType('Date', {
  description: 'An ISO 8601 calendar date (YYYY-MM-DD).',
  serialize: (v) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)),
  parseValue: parseDate,
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : undefined),
});

builder.scalarType('Upload', {
  description: 'A file part of a multipart request (graphql-multipart-request-spec).',
  serialize: () => {
    throw new GraphQLError('Upload is an input-only scalar');
  },
  parseValue: (value) => {
    if (!(value instanceof ReceivedUpload)) throw badInput('Upload must be a file part of a multipart request');
    return value;
  },
  parseLiteral: () => {
    throw badInput('Upload must be sent as a file part of a multipart request, not inline');
  },
});
