import { builder } from '../builder.ts';
import { memberDocumentsWhere } from '../../documents/access.ts';
import { countDocumentsInTrees, countFolders, createFolder, deleteFolder, FOLDER_ORDER, isFolderListed, listFolders, MAX_FOLDERS, updateFolder } from '../../documents/folders.ts';
import { DOCUMENT_ORDER } from '../../documents/list-documents.ts';
import { DeleteResult } from './credentials.ts';
import { listConnection, MAX_PAGE_SIZE } from './pagination.ts';

type InFolder = { parentId?: string | null };

// totalDocumentCount of every folder a request shows comes from one count of the whole tree.
const treeCounts = new WeakMap<object, Promise<Map<string, number>>>();

// Folders are only ever reached by a member of their organization (Document.folder is null
// for anyone else), so ctx.actor is set wherever these fields resolve.
export const DocumentFolder = builder.prismaObject('DocumentFolder', {
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    color: t.exposeString('color', { nullable: true, description: '#rrggbb' }),
    icon: t.exposeString('icon', { nullable: true }),
    position: t.exposeInt('position', { description: 'Folders are listed by position, then name.' }),
    parentId: t.expose('parentId', { type: 'UUID', nullable: true }),
    insertedAt: t.expose('insertedAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    parent: t.relation('parent', { nullable: true }),
    children: t.relation('children', { description: 'By position, then name (at most 1000).', query: { orderBy: [...FOLDER_ORDER], take: MAX_FOLDERS } }),
    documents: t.relation('documents', {
      description: 'The documents in this folder you may see, newest first (at most 100).',
      query: (_args, ctx) => ({ where: memberDocumentsWhere(ctx.actor!), orderBy: [...DOCUMENT_ORDER], take: MAX_PAGE_SIZE }),
    }),
    documentCount: t.relationCount('documents', { description: 'How many documents in this folder you may see.', where: (_args, ctx) => memberDocumentsWhere(ctx.actor!) }),
    totalDocumentCount: t.int({
      description: 'How many documents you may see in this folder and every folder below it.',
      select: { id: true },
      resolve: async (folder, _args, ctx) => {
        let counts = treeCounts.get(ctx);
        if (!counts) treeCounts.set(ctx, (counts = countDocumentsInTrees({ actor: ctx.actor! })));
        return (await counts).get(folder.id) ?? 0;
      },
    }),
  }),
});

const CreateFolderInput = builder.inputType('CreateFolderInput', {
  fields: (t) => ({
    name: t.string({ required: true, description: 'Unique among its siblings, ignoring case.' }),
    description: t.string(),
    color: t.string({ description: '#rrggbb' }),
    icon: t.string(),
    parentId: t.field({ type: 'UUID', description: 'The folder to create it in; the root when omitted.' }),
    position: t.int({ description: '0 or more; 0 when omitted.' }),
  }),
});

const UpdateFolderInput = builder.inputType('UpdateFolderInput', {
  fields: (t) => ({
    name: t.string(),
    description: t.string(),
    color: t.string(),
    icon: t.string(),
    position: t.int(),
    parentId: t.field({ type: 'UUID', description: 'Move under this folder; null moves it to the root, omitted leaves it.' }),
  }),
});

builder.queryFields((t) => ({
  folders: t.prismaField({
    type: ['DocumentFolder'],
    description: 'The folders in a folder (the root folders without parentId), by position then name (at most 1000).',
    authScopes: { authenticated: true },
    args: { parentId: t.arg({ type: 'UUID' }) },
    resolve: (query, _root, args, ctx) => listFolders({ actor: ctx.actor!, parentId: args.parentId, query: { ...query, take: MAX_FOLDERS } }),
  }),
  foldersConnection: t.prismaConnection(
    {
      type: 'DocumentFolder',
      args: { parentId: t.arg({ type: 'UUID' }) },
      ...listConnection({
        count: (actor, { parentId }: InFolder) => countFolders({ actor, parentId }),
        isListed: (actor, { parentId }: InFolder, id) => isFolderListed({ actor, parentId, id }),
        list: (actor, { parentId }: InFolder, query) => listFolders({ actor, parentId, query }),
      }),
    },
    { name: 'FolderConnection' },
    { name: 'FolderEdge' },
  ),
}));

builder.mutationFields((t) => ({
  createFolder: t.prismaField({
    type: 'DocumentFolder',
    nullable: true,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: CreateFolderInput, required: true }) },
    resolve: (query, _root, { input }, ctx) => createFolder({ actor: ctx.actor!, input, query }),
  }),
  updateFolder: t.prismaField({
    type: 'DocumentFolder',
    nullable: true,
    description: 'Rename, describe, reorder or move a folder (parentId null: to the root). A move into itself or below itself is BAD_USER_INPUT.',
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }), input: t.arg({ type: UpdateFolderInput, required: true }) },
    resolve: (query, _root, { id, input }, ctx) => updateFolder({ actor: ctx.actor!, id, input, query }),
  }),
  deleteFolder: t.field({
    type: DeleteResult,
    description: 'Delete a folder; its documents and folders move to its parent.',
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, { id }, ctx) => deleteFolder({ actor: ctx.actor!, id }),
  }),
}));
