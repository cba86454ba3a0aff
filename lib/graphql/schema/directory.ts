import { builder } from '../builder.ts';
import { limitIp } from '../../ratelimit/index.ts';
import { appUrl } from '../../env.ts';
import { searchBoard } from '../../boards/search-board.ts';
import { listProfessions } from '../../directory/list-professions.ts';
import { getProfessional, searchProfessionals } from '../../directory/search-professionals.ts';

type Summary = Awaited<ReturnType<typeof searchProfessionals>>['professionals'][number];
type Profile = NonNullable<Awaited<ReturnType<typeof getProfessional>>>;
type FieldBuilder<T> = PothosSchemaTypes.ObjectFieldBuilder<typeof builder.$inferSchemaTypes, T>;

/** The fields a directory page and a full profile share. */
const summaryFields = (t: FieldBuilder<Summary>) => ({
  id: t.expose('id', { type: 'UUID' }),
  firstName: t.exposeString('firstName'),
  lastName: t.exposeString('lastName'),
  fullName: t.exposeString('fullName'),
  slug: t.exposeString('slug'),
  stateCode: t.exposeString('stateCode'),
  licenseNumber: t.exposeString('licenseNumber'),
  licenseStatus: t.exposeString('licenseStatus'),
  headline: t.exposeString('headline', { nullable: true }),
  photoUrl: t.string({
    nullable: true,
    description: 'An absolute URL: the stored path of a generated avatar is served by this app.',
    resolve: (p) => (p.photoUrl?.startsWith('/') ? appUrl(p.photoUrl) : p.photoUrl),
  }),
  currentTitle: t.exposeString('currentTitle', { nullable: true }),
  currentCompany: t.exposeString('currentCompany', { nullable: true }),
  professionName: t.exposeString('professionName'),
});

const ProfessionalSummary = builder.objectRef<Summary>('ProfessionalSummary').implement({
  fields: (t) => summaryFields(t),
});

const DirectoryPage = builder.objectRef<Awaited<ReturnType<typeof searchProfessionals>>>('DirectoryPage').implement({
  fields: (t) => ({
    professionals: t.field({ type: [ProfessionalSummary], resolve: (p) => p.professionals }),
    totalCount: t.exposeInt('totalCount'),
    hasMore: t.exposeBoolean('hasMore'),
  }),
});

const ProfessionalProfile = builder.objectRef<Profile>('ProfessionalProfile').implement({
  // A profile holds every summary field: read them the same way.
  fields: (t) => ({
    ...summaryFields(t as unknown as FieldBuilder<Summary>),
    summary: t.exposeString('summary', { nullable: true }),
    networkUrl: t.exposeString('networkUrl', { nullable: true }),
    websiteUrl: t.exposeString('websiteUrl', { nullable: true }),
    yearsExperience: t.exposeInt('yearsExperience', { nullable: true }),
    specializations: t.exposeStringList('specializations'),
    skills: t.exposeStringList('skills'),
    education: t.exposeStringList('education'),
    certifications: t.exposeStringList('certifications'),
    enrichmentConfidence: t.exposeFloat('enrichmentConfidence', { nullable: true }),
    lastVerifiedAt: t.expose('lastVerifiedAt', { type: 'DateTime', nullable: true }),
    expirationDate: t.expose('expirationDate', { type: 'Date', nullable: true }),
    professionId: t.expose('professionId', { type: 'UUID' }),
  }),
});

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
  searchProfessionals: t.field({
    type: DirectoryPage,
    nullable: true,
    description: 'The public directory: a profession (with its branches), a state, and a name query (each of its words matches part of a word of the full name, in any order, case and accents aside).',
    args: {
      professionSlug: t.arg.string({ required: true }),
      stateCode: t.arg.string(),
      query: t.arg.string({ description: 'At most 100 characters and 8 words.' }),
      page: t.arg.int({ description: '1-based.' }),
      perPage: t.arg.int({ description: 'At most 100 (default 20).' }),
    },
    resolve: async (_root, args, ctx) => {
      // Each field takes from its client's budget: 99 aliased searches in one request slowed every other request (a probe).
      await limitIp('directorySearch', ctx.clientIp);
      return searchProfessionals(args);
    },
  }),
  professional: t.field({
    type: ProfessionalProfile,
    nullable: true,
    description: "A professional's full profile; public.",
    args: { id: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, args) => getProfessional({ id: args.id }),
  }),
  searchProfessionalsBoard: t.field({
    type: [BoardSearchResult],
    description: 'The licensing board of a state, by last name or license number (at most 50; 10 searches a minute).',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: BoardSearchInput, required: true }) },
    resolve: (_root, { input }, ctx) => searchBoard({ actor: ctx.actor!, input, board: ctx.board }),
  }),
}));
