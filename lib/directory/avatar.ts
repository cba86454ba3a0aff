import crypto from 'node:crypto';
import { db } from '../db/index.ts';

/** A directory photoUrl's file name: the professional's slug and .svg. */
const AVATAR_FILE = /^([a-z0-9][a-z0-9-]{0,199})\.svg$/;

/** Background colours with white text above 4.5:1 contrast (WCAG AA). */
const PALETTE = ['#1d4ed8', '#0f766e', '#7c3aed', '#b91c1c', '#a16207', '#be185d', '#15803d', '#4338ca', '#0e7490', '#9a3412'];

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The first letter of a name (a whole grapheme: accents stay on their letter), upper-cased. */
function initial(name: string): string {
  const [first] = new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(name.trim());
  return first ? first.segment.toLocaleUpperCase('en-US') : '';
}

/**
 * A professional's generated avatar: their initials on a colour chosen by their slug, the same
 * every time. Square, scalable, with the full name as its accessible title.
 */
export function renderAvatar({ slug, firstName, lastName, fullName }: { slug: string; firstName: string; lastName: string; fullName: string }): string {
  const colour = PALETTE[crypto.createHash('sha256').update(slug).digest()[0] % PALETTE.length];
  const letters = escapeXml(`${initial(firstName)}${initial(lastName)}`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escapeXml(fullName)}">`,
    `<title>${escapeXml(fullName)}</title>`,
    `<rect width="256" height="256" fill="${colour}"/>`,
    `<text x="128" y="128" dy="0.35em" text-anchor="middle" fill="#ffffff" font-family="Helvetica, Arial, sans-serif" font-size="104" font-weight="600">${letters}</text>`,
    '</svg>',
  ].join('');
}

/** The avatar for `/avatars/<slug>.svg`, or null when the name is not one or nobody has that slug. */
export async function avatarFor(file: string): Promise<string | null> {
  const match = AVATAR_FILE.exec(file);
  if (!match) return null;
  const professional = await db().professional.findUnique({ where: { slug: match[1] }, select: { slug: true, firstName: true, lastName: true, fullName: true } });
  return professional ? renderAvatar(professional) : null;
}
