import { builder } from '../builder.ts';
import { searchBoard } from '../../boards/search-board.ts';
import { listProfessions } from '../../directory/list-professions.ts';

builder.prismaObject('Profession', {
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    name: t.exposeString('name'),
    shortName: t.exposeString('shortName'),
    slug: t.exposeString('slug'),
    titleSuffix: t.exposeString('titleSuffix'),
    professionGroup: t.exposeString('professionGroup'),
    description: t.exposeString('description'),
    iconName: t.exposeString('iconName'),
    professionalCount: t.relationCount('professionals', { description: 'Professionals of this profession in the directory.' }),
  }),
});

const BoardSearchInput = builder.inputType('BoardSearchInput', {
  fields: (t) => ({
    stateCode: t.string({ required: true, description: 'Two-letter state code (TX).' }),
    lastName: t.string({ description: 'Matches the start of the last name; accents and case aside.' }),
    firstName: t.string(),
    licenseNumber: t.string(),
    professionSlug: t.string({ description: '`engineer` includes its branches.' }),
  }),
});

const BoardSearchResult = builder.objectRef<Awaited<ReturnType<typeof searchBoard>>[number]>('BoardSearchResult').implement({
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    fullName: t.exposeString('fullName'),
    licenseNumber: t.exposeString('licenseNumber'),
    stateCode: t.exposeString('stateCode'),
    licenseType: t.exposeString('licenseType'),
    companyName: t.exposeString('companyName', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    expirationDate: t.expose('expirationDate', { type: 'Date', nullable: true }),
    discipline: t.exposeString('discipline', { nullable: true }),
    licenseStatus: t.exposeString('licenseStatus'),
  }),
});

builder.queryFields((t) => ({
  professions: t.prismaField({
    type: ['Profession'],
    description: 'Active professions, by name; public.',
    args: { group: t.arg.string({ description: 'engineering, architecture or surveying.' }) },
    resolve: (query, _root, args) => listProfessions({ group: args.group, query }),
  }),
  searchProfessionalsBoard: t.field({
    type: [BoardSearchResult],
    description: 'The licensing board of a state, by last name or license number (at most 50; 10 searches a minute).',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: BoardSearchInput, required: true }) },
    resolve: (_root, { input }, ctx) => searchBoard({ actor: ctx.actor!, input }),
  }),
}));
