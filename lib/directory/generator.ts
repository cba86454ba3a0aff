/**
 * A deterministic generator of realistic directory and board records, for the demo seed and
 * for benchmarks (`--professionals 1000000`). The same seed gives the same records, in order,
 * so tests and benchmarks can name one. Every record is synthetic: names from common lists,
 * example-domain URLs, license numbers shaped like each state's.
 */
import { STATE_CODES, stateName } from '../stamps/jurisdictions.ts';
import type { StateCode } from '../stamps/jurisdictions.ts';
import { getProfession, PROFESSION_SLUGS } from '../stamps/professions.ts';
import type { ProfessionSlug } from '../stamps/professions.ts';
import type { BoardStatus } from '../boards/source.ts';
import { prng } from '../prng.ts';

export const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Christopher',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Betty',
  'Anthony',
  'Sandra',
  'Mark',
  'Margaret',
  'Priya',
  'Wei',
  'José',
  'María',
  'Ahmed',
  'Fatima',
  'Hiroshi',
  'Ana',
  'Olga',
  'Kwame',
  'Siobhán',
  'Zoë',
  'Łukasz',
  'Renée',
  'Andrés',
  'Chloé',
  'Mei',
  'Raj',
  'Noah',
  'Emma',
];
export const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Núñez',
  'O’Brien',
  'Kowalski',
  'Patel',
  'Chen',
  'Müller',
  'Svensson',
  'Okafor',
  'Yamamoto',
  'Dubois',
];
export const MIDDLE = ['A.', 'B.', 'C.', 'D.', 'E.', 'J.', 'L.', 'M.', 'R.', 'S.', 'T.'];
const COMPANY_WORDS = [
  'Summit',
  'Keystone',
  'Meridian',
  'Cornerstone',
  'Blue Ridge',
  'Lakeshore',
  'Granite',
  'Prairie',
  'Harbor',
  'Pioneer',
  'Ironwood',
  'Cascade',
  'Redwood',
  'Benchmark',
  'Northstar',
  'Bayside',
];
const COMPANY_KINDS: Record<string, string[]> = {
  engineering: ['Engineering', 'Consulting Engineers', 'Structural Group', 'Engineers & Associates', 'Design Partners'],
  architecture: ['Architects', 'Design Studio', 'Architecture + Planning', 'Landscape Studio', 'Architectural Group'],
  surveying: ['Surveying', 'Land Surveys', 'Geomatics', 'Survey & Mapping', 'Boundary Services'],
};
const CITY_PREFIX = ['Spring', 'Oak', 'River', 'Lake', 'Fair', 'Green', 'Mill', 'Cedar', 'Maple', 'Glen', 'Clear', 'West', 'North', 'Pine'];
const CITY_SUFFIX = ['field', 'ville', 'ton', 'wood', 'dale', 'view', ' Springs', ' City', 'port', 'burg'];
const DISCIPLINES: Record<string, string[]> = {
  engineer: ['Civil', 'Structural', 'Mechanical', 'Electrical', 'Geotechnical', 'Environmental', 'Fire Protection'],
  'civil-engineer': ['Civil', 'Transportation', 'Water Resources', 'Geotechnical'],
  'structural-engineer': ['Structural'],
  'mechanical-engineer': ['Mechanical', 'HVAC', 'Plumbing'],
  'electrical-engineer': ['Electrical', 'Power', 'Lighting'],
  architect: ['Commercial', 'Residential', 'Healthcare', 'Education', 'Historic Preservation'],
  'land-surveyor': ['Boundary', 'Topographic', 'Construction', 'ALTA/NSPS'],
  'landscape-architect': ['Site Planning', 'Parks', 'Urban Design', 'Stormwater'],
};
const SKILLS: Record<string, string[]> = {
  engineering: ['AutoCAD', 'Revit', 'Civil 3D', 'ETABS', 'SAP2000', 'RISA', 'HEC-RAS', 'Project management', 'Code compliance', 'Stormwater design', 'Load calculations', 'Permitting'],
  architecture: ['Revit', 'AutoCAD', 'SketchUp', 'Rhino', 'LEED', 'Construction documents', 'Code analysis', 'Site planning', 'Client presentations', 'Permitting'],
  surveying: ['Trimble', 'GNSS', 'Total station', 'Civil 3D', 'Boundary analysis', 'ALTA surveys', 'Legal descriptions', 'Drone photogrammetry', 'GIS'],
};
const SCHOOLS = [
  'Texas A&M University',
  'Purdue University',
  'Georgia Institute of Technology',
  'University of Michigan',
  'Virginia Tech',
  'Cal Poly San Luis Obispo',
  'Penn State',
  'Iowa State University',
  'University of Florida',
  'Ohio State University',
  'Kansas State University',
  'Cornell University',
];
const DEGREES: Record<string, string[]> = {
  engineering: ['B.S. Civil Engineering', 'M.S. Structural Engineering', 'B.S. Mechanical Engineering', 'B.S. Electrical Engineering'],
  architecture: ['B.Arch.', 'M.Arch.', 'M.L.A. Landscape Architecture', 'B.L.A. Landscape Architecture'],
  surveying: ['B.S. Geomatics', 'A.S. Surveying Technology', 'B.S. Civil Engineering'],
};
const CERTIFICATIONS: Record<string, string[]> = {
  engineering: ['LEED AP', 'PMP', 'SECB', 'CFM', 'Envision SP'],
  architecture: ['LEED AP BD+C', 'NCARB Certificate', 'WELL AP', 'CLARB Certificate'],
  surveying: ['CFedS', 'GISP', 'Certified Photogrammetrist'],
};

/** Digits of a license number per state (a simplification of each board's format). */
const DIGITS: Partial<Record<StateCode, number>> = { TX: 6, CA: 5, NY: 6, FL: 5, PA: 6, OH: 5, IL: 6, MO: 10, NC: 6, GA: 6, WA: 5, AZ: 5, CO: 5, NJ: 6, VA: 6, MI: 7, MA: 5 };
/** Prefixes boards put before the number (seal data: templates/data/seals.json). */
const PREFIXES: Partial<Record<StateCode, Partial<Record<string, string>>>> = {
  CA: { 'civil-engineer': 'C', 'structural-engineer': 'S', 'mechanical-engineer': 'M', 'electrical-engineer': 'E', architect: 'C-', 'land-surveyor': 'L', 'landscape-architect': 'LA' },
  MO: {
    engineer: 'PE-',
    'civil-engineer': 'PE-',
    'structural-engineer': 'PE-',
    'mechanical-engineer': 'PE-',
    'electrical-engineer': 'PE-',
    architect: 'A-',
    'land-surveyor': 'PLS-',
    'landscape-architect': 'LA-',
  },
  PA: { engineer: 'PE', 'land-surveyor': 'SU', architect: 'RA', 'landscape-architect': 'LA' },
  OH: { engineer: 'E-', 'land-surveyor': 'S-', 'landscape-architect': 'LA.' },
};

export interface GeneratedProfessional {
  firstName: string;
  lastName: string;
  fullName: string;
  slug: string;
  stateCode: StateCode;
  licenseType: ProfessionSlug;
  licenseNumber: string;
  licenseStatus: BoardStatus;
  /** YYYY-MM-DD. */
  expirationDate: string;
  headline: string;
  currentTitle: string;
  currentCompany: string;
  city: string;
  discipline: string;
  summary: string;
  yearsExperience: number;
  specializations: string[];
  skills: string[];
  education: string[];
  certifications: string[];
  enrichmentConfidence: number;
  websiteUrl: string;
  networkUrl: string;
  /** Served by the app itself: a generated avatar for this slug. */
  photoUrl: string;
}

const ascii = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Professional number `index` of the directory seeded with `seed`: the same arguments always
 * give the same record, so a million can be made in slices without holding them.
 */
export function generateProfessional(seed: number, index: number, today = new Date('2026-11-23T00:00:00Z')): GeneratedProfessional {
  const random = prng((seed * 1_000_003 + index * 7_919 + 17) >>> 0);
  for (let i = 0; i < 3; i++) random(); // decorrelate neighbouring indexes
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const picks = <T>(list: readonly T[], n: number) => [...new Set(Array.from({ length: n }, () => pick(list)))];

  const licenseType = pick(PROFESSION_SLUGS);
  const profession = getProfession(licenseType)!;
  const group = profession.group;
  const stateCode = pick(STATE_CODES);
  const firstName = pick(FIRST);
  const lastName = pick(LAST);
  const middle = random() < 0.35 ? ` ${pick(MIDDLE)}` : '';
  const fullName = `${firstName}${middle} ${lastName}`;
  const digits = DIGITS[stateCode] ?? 5 + Math.floor(random() * 2);
  const number = String(Math.floor(random() * 10 ** digits)).padStart(digits, '0');
  const licenseNumber = `${PREFIXES[stateCode]?.[licenseType] ?? ''}${number}`;
  const roll = random();
  const licenseStatus: BoardStatus = roll < 0.86 ? 'active' : roll < 0.95 ? 'expired' : roll < 0.98 ? 'inactive' : roll < 0.993 ? 'suspended' : 'revoked';
  const days = licenseStatus === 'expired' ? -Math.floor(1 + random() * 900) : Math.floor(30 + random() * 730);
  const expirationDate = new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const yearsExperience = 2 + Math.floor(random() * 38);
  const companyBase = `${pick(COMPANY_WORDS)} ${pick(COMPANY_KINDS[group])}`;
  const city = `${pick(CITY_PREFIX)}${pick(CITY_SUFFIX)}`;
  const discipline = pick(DISCIPLINES[licenseType]);
  const seniority = yearsExperience > 20 ? 'Principal' : yearsExperience > 10 ? 'Senior' : 'Project';
  const currentTitle = `${seniority} ${group === 'surveying' ? 'Surveyor' : group === 'architecture' ? (licenseType === 'landscape-architect' ? 'Landscape Architect' : 'Architect') : 'Engineer'}`;
  const slug = `${ascii(fullName)}-${stateCode.toLowerCase()}-${ascii(licenseNumber)}`;
  const specializations = picks(DISCIPLINES[licenseType], 2);
  return {
    firstName,
    lastName,
    fullName,
    slug,
    stateCode,
    licenseType,
    licenseNumber,
    licenseStatus,
    expirationDate,
    headline: `${profession.name} · ${discipline} · ${stateName(stateCode)}`,
    currentTitle,
    currentCompany: companyBase,
    city,
    discipline,
    summary: `${fullName} is a licensed ${profession.name.toLowerCase()} in ${stateName(stateCode)} with ${yearsExperience} years of practice in ${specializations.join(' and ').toLowerCase()}, based in ${city}.`,
    yearsExperience,
    specializations,
    skills: picks(SKILLS[group], 4),
    education: [`${pick(DEGREES[group])}, ${pick(SCHOOLS)}`],
    certifications: random() < 0.6 ? picks(CERTIFICATIONS[group], 1 + Math.floor(random() * 2)) : [],
    enrichmentConfidence: Math.round((0.55 + random() * 0.44) * 100) / 100,
    websiteUrl: `https://${ascii(companyBase)}.example.com`,
    networkUrl: `https://network.example.com/in/${slug}`,
    photoUrl: `/avatars/${slug}.svg`,
  };
}
