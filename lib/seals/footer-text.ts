/**
 * The words of a seal's footer line, shared by the sealing (render-sealed-pdf.ts) and the
 * dashboard's preview of it: plain data, no server code.
 */
import { getProfession } from '../stamps/professions.ts';

/** The footer line of decisions.md / the issue: who, which license, when, and where to verify. */
export function footerText(seal: { holderName: string; licenseType: string; licenseNumber: string; regionCode: string; sealedAt: Date; url: string }): string {
  const type = getProfession(seal.licenseType)?.name ?? seal.licenseType;
  return `Sealed by ${seal.holderName}, ${type} ${seal.licenseNumber} (${seal.regionCode}) on ${seal.sealedAt.toISOString().slice(0, 10)} \u00b7 verify at ${seal.url}`;
}
