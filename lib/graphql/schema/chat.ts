import { createChatSession, deleteChatSession, listChatMessages, listChatSessions } from '../../chat/sessions.ts';
import { sendChatMessage } from '../../chat/send-message.ts';
import type { ChunkHit } from '../../search/search.ts';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, searchDocumentChunks } from '../../search/search-documents.ts';
import { builder } from '../builder.ts';
import { DeleteResult } from './credentials.ts';
import { checkLimit } from './pagination.ts';

// Chat over documents (graphql-interface.md ChatSession, ChatMessage, SearchResult; decisions.md
// sendChatMessage, the enums, CreateChatSessionInput). createChatSession, sendChatMessage and
// searchDocumentChunks count against the user's "AI" limit (10 a minute).

const ChatSessionStatus = builder.enumType('ChatSessionStatus', {
  values: {
    ACTIVE: { description: 'Listed, and takes messages.' },
    ARCHIVED: { description: 'Kept, takes no messages.' },
    DELETED: { description: 'Soft-deleted: in no list; its messages are kept.' },
  } as const,
});
const ChatMessageRole = builder.enumType('ChatMessageRole', { values: ['USER', 'ASSISTANT', 'SYSTEM'] as const });

builder.prismaObject('ChatSession', {
  description: 'A conversation of yours about documents of your organization.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    title: t.exposeString('title'),
    status: t.expose('status', { type: ChatSessionStatus }),
    documentIds: t.expose('documentIds', { type: ['UUID'], description: 'The documents its answers come from.' }),
    lastMessageAt: t.expose('lastMessageAt', { type: 'DateTime', nullable: true, description: 'When the last message was stored (null before the first).' }),
    insertedAt: t.expose('insertedAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

builder.prismaObject('ChatMessage', {
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    sessionId: t.expose('sessionId', { type: 'UUID' }),
    role: t.expose('role', { type: ChatMessageRole }),
    content: t.exposeString('content', { description: 'An ASSISTANT answer cites its pages as [document name, p. N].' }),
    tokenCount: t.exposeInt('tokenCount', { description: 'cl100k_base tokens of content.' }),
    insertedAt: t.expose('insertedAt', { type: 'DateTime' }),
  }),
});

const SearchResult = builder.objectRef<ChunkHit>('SearchResult').implement({
  description: 'A passage of a document (about 800 characters of one page).',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    content: t.exposeString('content'),
    chunkIndex: t.exposeInt('chunkIndex', { description: 'Its place in the document, from 0.' }),
    pageNumber: t.exposeInt('pageNumber', { description: '1-based.' }),
    similarity: t.exposeFloat('similarity', { description: 'How well it answers the query, 0 to 1.' }),
    documentId: t.expose('documentId', { type: 'UUID' }),
  }),
});

const CreateChatSessionInput = builder.inputType('CreateChatSessionInput', {
  fields: (t) => ({
    title: t.string({ description: 'At most 200 characters; named after the first document when omitted.' }),
    documentIds: t.field({ type: ['UUID'], required: true, description: '1 to 50 documents you may read.' }),
  }),
});

builder.queryFields((t) => ({
  chatSessions: t.prismaField({
    type: ['ChatSession'],
    description: 'Your ACTIVE chat sessions, newest activity first (limit: 20 when omitted, at most 100).',
    authScopes: { authenticated: true },
    args: { limit: t.arg.int() },
    validateArgs: (args) => checkLimit(args.limit, 100),
    resolve: (query, _root, args, ctx) => listChatSessions({ actor: ctx.actor!, take: checkLimit(args.limit, 100), query }),
  }),
  chatMessages: t.prismaField({
    type: ['ChatMessage'],
    description: 'The messages of a session of yours, oldest first (limit: 20 when omitted, at most 500).',
    authScopes: { authenticated: true },
    args: { sessionId: t.arg({ type: 'UUID', required: true }), limit: t.arg.int() },
    validateArgs: (args) => checkLimit(args.limit, 500),
    resolve: (query, _root, args, ctx) => listChatMessages({ actor: ctx.actor!, sessionId: args.sessionId, take: checkLimit(args.limit, 500), query }),
  }),
  searchDocumentChunks: t.field({
    type: [SearchResult],
    description: `The passages of the given documents that best answer a query, best first (limit: ${SEARCH_DEFAULT_LIMIT} when omitted, at most ${SEARCH_MAX_LIMIT}). Full-text with trigram similarity by default; fused with embeddings when an embedding model is configured.`,
    authScopes: { authenticated: true },
    args: { query: t.arg.string({ required: true }), documentIds: t.arg({ type: ['UUID'], required: true }), limit: t.arg.int() },
    resolve: (_root, args, ctx) => searchDocumentChunks({ actor: ctx.actor!, query: args.query, documentIds: args.documentIds, limit: args.limit }),
  }),
}));

builder.mutationFields((t) => ({
  createChatSession: t.prismaField({
    type: 'ChatSession',
    nullable: true,
    description: 'A chat about documents you may read (every id is checked: NOT_FOUND otherwise).',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: CreateChatSessionInput, required: true }) },
    resolve: (query, _root, { input }, ctx) => createChatSession({ actor: ctx.actor!, input, query }),
  }),
  deleteChatSession: t.field({
    type: DeleteResult,
    description: 'Soft delete: the session leaves every list; its messages are kept.',
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, { id }, ctx) => deleteChatSession({ actor: ctx.actor!, id }),
  }),
  sendChatMessage: t.prismaField({
    type: 'ChatMessage',
    nullable: true,
    description:
      'Ask a question in a session of yours: the USER message is stored, then the ASSISTANT reply, answered from the session\u2019s documents with their pages cited as [document name, p. N]. An AI service that fails or takes over 30 s: TIMEOUT, the USER message kept.',
    authScopes: { authenticated: true },
    args: { sessionId: t.arg({ type: 'UUID', required: true }), content: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) => sendChatMessage({ actor: ctx.actor!, sessionId: args.sessionId, content: args.content, query }),
  }),
}));
