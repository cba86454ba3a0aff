/**
 * A seal log entry: the canonical JSON of what a seal vouches for. Keys in code-point order,
 * no whitespace, every value a string (so JSON.stringify's escaping is RFC 8785's): the same
 * facts always give the same bytes, and a leaf hash is SHA-256(0x00 ‖ those UTF-8 bytes).
 * No imports: the auditor and the browser read entries with it too.
 */

/** What a seal's entry records. */
export interface SealLogFacts {
  code: string;
  /** SHA-256 of the sealed PDF, lowercase hex. */
  documentHash: string;
  sealedAt: Date;
  holderName: string;
  licenseType: string;
  licenseNumber: string;
  /** The two-letter state code. */
  regionCode: string;
  /** SHA-256 of the signing certificate (DER), lowercase hex, when the seal is PKI-signed. */
  signingCertificateSha256: string | null;
}

/** The entry's fields, as named in its JSON. */
export interface SealLogEntryJson {
  code: string;
  document_hash: string;
  holder_name: string;
  license_number: string;
  license_type: string;
  region_code: string;
  sealed_at: string;
  signing_certificate_sha256?: string;
}

const REQUIRED = ['code', 'document_hash', 'holder_name', 'license_number', 'license_type', 'region_code', 'sealed_at'] as const;
const OPTIONAL = ['signing_certificate_sha256'] as const;

/** Canonical JSON of a flat object of strings: keys sorted by code point, no whitespace. */
function canonical(fields: Record<string, string>): string {
  const keys = Object.keys(fields).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(fields[k])}`).join(',')}}`;
}

/** The entry text of a seal. */
export function sealLogEntry(f: SealLogFacts): string {
  const fields: Record<string, string> = {
    code: f.code,
    document_hash: f.documentHash,
    holder_name: f.holderName,
    license_number: f.licenseNumber,
    license_type: f.licenseType,
    region_code: f.regionCode,
    sealed_at: f.sealedAt.toISOString(),
  };
  if (f.signingCertificateSha256) fields.signing_certificate_sha256 = f.signingCertificateSha256;
  return canonical(fields);
}

/** An entry's fields, or why it is not a canonical seal log entry. */
export function parseSealLogEntry(text: string): { ok: true; entry: SealLogEntryJson } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'it is not JSON' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, reason: 'it is not a JSON object' };
  const fields = value as Record<string, unknown>;
  for (const key of REQUIRED) if (typeof fields[key] !== 'string') return { ok: false, reason: `it has no ${key}` };
  for (const key of Object.keys(fields)) {
    if (!(REQUIRED as readonly string[]).includes(key) && !(OPTIONAL as readonly string[]).includes(key)) return { ok: false, reason: `it has an unknown field ${key}` };
    if (typeof fields[key] !== 'string') return { ok: false, reason: `its ${key} is not a string` };
  }
  if (canonical(fields as Record<string, string>) !== text) return { ok: false, reason: 'it is not in canonical form (sorted keys, no whitespace)' };
  return { ok: true, entry: fields as unknown as SealLogEntryJson };
}
