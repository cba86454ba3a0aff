/**
 * The identity assurance a certificate from the service's CA carries, as a certificatePolicies
 * extension (RFC 5280 §4.2.1.4): one policy OID per level, with a user notice saying it in words.
 * The OIDs are UUID-derived (ITU-T X.667, arc 2.25), which needs no registration and cannot
 * collide; the README lists them.
 */
import forge from 'node-forge';
import type { IdentityAssurance } from './assurance.ts';

export const ASSURANCE_POLICY_OIDS: Record<IdentityAssurance, string> = {
  SELF_ASSERTED: '2.25.216536598438325771611204835138215467662',
  DOCUMENT_VERIFIED: '2.25.233352726220224541484015709827174346674',
  ORGANIZATION_ATTESTED: '2.25.273799188373730610243717296322579209630',
};

const NOTICES: Record<IdentityAssurance, string> = {
  SELF_ASSERTED: 'Sealwright identity assurance: self-asserted (name given by the holder, not verified)',
  DOCUMENT_VERIFIED: 'Sealwright identity assurance: document verified (legal name checked against a government ID)',
  ORGANIZATION_ATTESTED: "Sealwright identity assurance: organization attested (legal name attested by the holder's organization)",
};

/** id-qt-unotice (RFC 5280). */
const USER_NOTICE = '1.3.6.1.5.5.7.2.2';

/**
 * The DER content of an OID, as a binary string. forge's own encoder stops at 32-bit arcs, and
 * a 2.25 arc is a 128-bit UUID: each arc is written base 128 here with BigInt.
 */
export function oidBytes(oid: string): string {
  const arcs = oid.split('.').map((a) => BigInt(a));
  const values = [arcs[0] * 40n + arcs[1], ...arcs.slice(2)];
  let out = '';
  for (let value of values) {
    const bytes = [Number(value & 0x7fn)];
    for (value >>= 7n; value > 0n; value >>= 7n) bytes.unshift(Number(value & 0x7fn) | 0x80);
    out += String.fromCharCode(...bytes);
  }
  return out;
}

/** The level a policy OID stands for, or null. */
export function assuranceOfPolicy(oid: string): IdentityAssurance | null {
  return (Object.entries(ASSURANCE_POLICY_OIDS).find(([, o]) => o === oid)?.[0] as IdentityAssurance | undefined) ?? null;
}

/** The certificatePolicies extension for a level, as node-forge takes a pre-encoded extension. */
export function assurancePolicyExtension(level: IdentityAssurance): { id: string; critical: false; value: forge.asn1.Asn1 } {
  const { asn1 } = forge;
  const oid = (o: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, oidBytes(o));
  const notice = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    oid(USER_NOTICE),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTF8, false, forge.util.encodeUtf8(NOTICES[level]))]),
  ]);
  const policy = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [oid(ASSURANCE_POLICY_OIDS[level]), asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [notice])]);
  return { id: '2.5.29.32', critical: false, value: asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [policy]) };
}
