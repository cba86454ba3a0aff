'use client';

import type { FormEvent } from 'react';
import { print } from 'graphql';
import { graphql } from '../gql/index.ts';
import type { CredentialFieldsFragment, CredentialsQuery, StampExportFormat, UploadCertificateMutation } from '../gql/graphql.ts';
import { useLazyQuery, useMutation, useQuery } from '@apollo/client/react';
import { useSession } from 'next-auth/react';
import { describeError } from './api-errors.ts';
import { FirstLoad, Outcome, useAction } from './use-action.tsx';
import { getProfession, PROFESSION_NAMES } from '../../lib/stamps/professions.ts';
import { US_STATES } from '../../lib/stamps/states.ts';
import { CredentialActions, StandingNote } from './CredentialActions.tsx';
import { credentialLimitNote } from './plan-limit-words.ts';
import { AcrobatTrust } from './CaTrust.tsx';

graphql(`
  fragment CredentialFields on Credential {
    id
    displayName
    licenseNumber
    licenseType
    regionCode
    status
    canSeal
    isExpired
    expirationDate
    rejectionReason
    verificationMethod
    stampSvg
    ...CredentialStanding
  }
`);

const CREDENTIALS = graphql(`
  query Credentials {
    credentialsConnection(first: 100) {
      edges {
        node {
          ...CredentialFields
        }
      }
    }
    signingCertificates(limit: 100) {
      id
      name
      commonName
      issuerCn
      issuedByServiceCa
      expiresAt
      isDefault
      status
    }
    organization {
      id
      planLevel
      maxCredentials
    }
    subscription {
      status
    }
    myOrganizations(limit: 50) {
      id
      role
      organization {
        id
      }
    }
  }
`);

const CREATE = graphql(`
  mutation CreateCredential($input: CreateCredentialInput!) {
    createCredential(input: $input) {
      ...CredentialFields
    }
  }
`);

const SEARCH = graphql(`
  query Directory($professionSlug: String!, $stateCode: String, $query: String) {
    searchProfessionals(professionSlug: $professionSlug, stateCode: $stateCode, query: $query, perPage: 20) {
      totalCount
      professionals {
        id
        fullName
        licenseNumber
        licenseStatus
        professionName
        stateCode
      }
    }
  }
`);

const CLAIM = graphql(`
  mutation Claim($id: UUID!) {
    claimProfessional(professionalId: $id) {
      ...CredentialFields
    }
  }
`);

const EXPORT = graphql(`
  mutation Export($id: UUID!, $format: StampExportFormat!) {
    exportCredentialStamp(id: $id, format: $format) {
      filename
      contentType
      data
    }
  }
`);

const REQUEST_CERTIFICATE = graphql(`
  mutation RequestCertificate($input: RequestSigningCertificateInput!) {
    requestSigningCertificate(input: $input) {
      id
      name
      isDefault
    }
  }
`);

const SET_DEFAULT = graphql(`
  mutation SetDefault($id: UUID!) {
    setDefaultCertificate(id: $id) {
      id
      isDefault
    }
  }
`);

type Credential = CredentialFieldsFragment;
type Certificate = CredentialsQuery['signingCertificates'][number];

const typeName = (slug: string) => getProfession(slug)?.name ?? slug;

/** The states as a select's options, by code. */
function StateOptions() {
  return US_STATES.map(([code, name]) => (
    <option key={code} value={code}>
      {name}
    </option>
  ));
}

/** The professions as a select's options, by slug. */
function ProfessionOptions() {
  return PROFESSION_NAMES.map(([slug, name]) => (
    <option key={slug} value={slug}>
      {name}
    </option>
  ));
}

function StatusBadge({ c }: { c: Credential }) {
  if (c.disputedAt) return <span className="badge bad">Disputed</span>;
  if (c.suspendedAt) return <span className="badge bad">Suspended</span>;
  const tone = c.canSeal ? 'ok' : c.status === 'PENDING' ? 'warn' : 'bad';
  const words: Record<string, string> = { PENDING: 'Pending board check', CLAIMED: 'Claimed', VERIFIED: 'Verified', REJECTED: 'Rejected', EXPIRED: 'Expired', REVOKED: 'Revoked' };
  return <span className={`badge ${tone}`}>{c.isExpired && c.status !== 'EXPIRED' ? 'Expired' : (words[c.status] ?? c.status)}</span>;
}

function boardResult(c: Credential): string {
  if (c.status === 'VERIFIED') return `Verified with the ${c.regionCode} licensing board: ${c.displayName}, license ${c.licenseNumber}.`;
  if (c.status === 'REJECTED') return `The ${c.regionCode} licensing board did not confirm it: ${c.rejectionReason ?? 'no match'}.`;
  if (c.status === 'PENDING') return 'Added. The licensing board did not answer yet: it is checked again automatically.';
  return `Added (${c.status.toLowerCase()}).`;
}

function ExportStamp({ c }: { c: Credential }) {
  const [exportStamp, { loading }] = useMutation(EXPORT);
  const { outcome, run } = useAction();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const format = String(new FormData(event.currentTarget).get('format')) as StampExportFormat;
    await run(
      async () => {
        const { data } = await exportStamp({ variables: { id: c.id, format } });
        const file = data!.exportCredentialStamp!;
        const bytes = Uint8Array.from(atob(file.data), (ch) => ch.charCodeAt(0));
        const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
        const a = document.createElement('a');
        a.href = url;
        a.download = file.filename;
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        return file.filename;
      },
      (filename) => `Downloaded ${filename}.`,
    );
  }
  return (
    <form className="inline-form" onSubmit={submit}>
      <label>
        Export format
        <select name="format" defaultValue="PDF">
          <option value="PDF">PDF</option>
          <option value="PNG">PNG</option>
          <option value="JPEG">JPEG</option>
          <option value="TIFF">TIFF</option>
        </select>
      </label>
      <button type="submit" className="secondary" disabled={loading}>
        {loading ? 'Exporting…' : 'Export stamp'}
      </button>
      <Outcome {...outcome} />
    </form>
  );
}

function AddManually({ onAdded, limitNote }: { onAdded: () => void; limitNote: string | null }) {
  const [create, { loading }] = useMutation(CREATE);
  const { outcome, run, setOutcome } = useAction();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    await run(async () => {
      const { data } = await create({
        variables: {
          input: {
            licenseNumber: String(form.get('licenseNumber')),
            regionCode: String(form.get('regionCode')),
            licenseType: String(form.get('licenseType')),
            displayName: String(form.get('displayName') ?? '') || null,
          },
        },
      });
      const c = data!.createCredential!;
      setOutcome(c.status === 'REJECTED' ? { error: boardResult(c) } : { ok: boardResult(c) });
      target.reset();
      onAdded();
    });
  }
  return (
    <form className="settings-card" onSubmit={submit} aria-labelledby="add-title">
      <h2 id="add-title">Add a license</h2>
      <p className="muted">It is checked with the state&apos;s licensing board right away.</p>
      <label>
        License number
        <input name="licenseNumber" required maxLength={40} />
      </label>
      <label>
        State
        <select name="regionCode" required defaultValue="">
          <option value="" disabled>
            Choose a state
          </option>
          <StateOptions />
        </select>
      </label>
      <label>
        License type
        <select name="licenseType" required defaultValue="engineer">
          <ProfessionOptions />
        </select>
      </label>
      <label>
        Name on the license (if not your display name)
        <input name="displayName" maxLength={200} />
      </label>
      <Outcome {...outcome} />
      {limitNote && (
        <p className="muted" id="add-limit">
          {limitNote}
        </p>
      )}
      <button type="submit" disabled={loading} aria-describedby={limitNote ? 'add-limit' : undefined}>
        {loading ? 'Checking with the board…' : 'Add license'}
      </button>
    </form>
  );
}

function ClaimFromDirectory({ onClaimed }: { onClaimed: () => void }) {
  const [search, { data, loading, error }] = useLazyQuery(SEARCH);
  const [claim, claimState] = useMutation(CLAIM);
  const { outcome, run, setOutcome } = useAction();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setOutcome({});
    void search({ variables: { professionSlug: String(form.get('profession')), stateCode: String(form.get('state')) || null, query: String(form.get('name') ?? '') || null } });
  }
  async function claimOne(id: string, name: string) {
    await run(async () => {
      await claim({ variables: { id } });
      onClaimed();
    }, `Claimed: ${name}'s license is now yours.`);
  }
  const rows = data?.searchProfessionals?.professionals ?? [];
  return (
    <section className="settings-card" aria-labelledby="claim-title">
      <h2 id="claim-title">Claim your listing</h2>
      <form className="stack" onSubmit={submit}>
        <label>
          Profession
          <select name="profession" defaultValue="engineer">
            <ProfessionOptions />
          </select>
        </label>
        <label>
          State
          <select name="state" defaultValue="">
            <option value="">Any state</option>
            <StateOptions />
          </select>
        </label>
        <label>
          Name
          <input name="name" maxLength={100} placeholder="e.g. Whitfield" />
        </label>
        <button type="submit" className="secondary" disabled={loading}>
          {loading ? 'Searching…' : 'Search the directory'}
        </button>
      </form>
      {error && (
        <p className="error" role="alert">
          {describeError(error)}
        </p>
      )}
      {data && rows.length === 0 && <p className="empty">Nobody matches. Try fewer words, or add your license by hand.</p>}
      {rows.length > 0 && (
        <ul className="results" aria-label="Directory results">
          {rows.map((p) => (
            <li key={p.id}>
              <span>
                <strong>{p.fullName}</strong> · {p.professionName}, {p.stateCode} {p.licenseNumber} · {p.licenseStatus}
              </span>
              <button type="button" className="small" disabled={claimState.loading} onClick={() => void claimOne(p.id, p.fullName)} aria-label={`Claim ${p.fullName}, license ${p.licenseNumber}`}>
                Claim
              </button>
            </li>
          ))}
        </ul>
      )}
      <Outcome {...outcome} />
    </section>
  );
}

const UPLOAD_CERTIFICATE = graphql(`
  mutation UploadCertificate($input: UploadSigningCertificateInput!) {
    uploadSigningCertificate(input: $input) {
      id
      name
    }
  }
`);

/** A PKCS#12 file to the API in one GraphQL multipart request, with the session's token. */
function UploadCertificate({ onUploaded }: { onUploaded: () => Promise<unknown> }) {
  const { data: session } = useSession();
  const token = (session as { accessToken?: string | null } | null)?.accessToken ?? null;
  const { outcome, busy, run, setOutcome } = useAction();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return setOutcome({ error: 'Choose a .p12 or .pfx file.' });
    const body = new FormData();
    body.set(
      'operations',
      JSON.stringify({ query: print(UPLOAD_CERTIFICATE), variables: { input: { name: String(form.get('name') ?? ''), password: String(form.get('password') ?? ''), file: null } } }),
    );
    body.set('map', JSON.stringify({ 0: ['variables.input.file'] }));
    body.set('0', file, file.name);
    await run(
      async () => {
        const res = await fetch('/v1/graphql', { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body });
        const answer = (await res.json()) as { data?: UploadCertificateMutation | null; errors?: Array<{ message: string }> };
        if (answer.errors?.length) throw answer;
        target.reset();
        await onUploaded();
        return answer.data!.uploadSigningCertificate!.name;
      },
      (name) => `Certificate “${name}” added.`,
    );
  }
  return (
    <form className="stack" onSubmit={submit} aria-labelledby="upload-cert-title">
      <h3 id="upload-cert-title">Upload your own (PKCS#12)</h3>
      <label>
        Certificate file (.p12 or .pfx)
        <input name="file" type="file" accept=".p12,.pfx,application/x-pkcs12" required />
      </label>
      <label>
        File password
        <input name="password" type="password" autoComplete="off" required />
      </label>
      <label>
        Name
        <input name="name" required maxLength={100} defaultValue="My certificate" />
      </label>
      <button type="submit" className="secondary" disabled={busy}>
        {busy ? 'Uploading…' : 'Upload certificate'}
      </button>
      <Outcome {...outcome} />
    </form>
  );
}

function Certificates({ certificates, credentials, onChange }: { certificates: Certificate[]; credentials: Credential[]; onChange: () => Promise<unknown> }) {
  const [request, requestState] = useMutation(REQUEST_CERTIFICATE);
  const [setDefault, defaultState] = useMutation(SET_DEFAULT);
  const { outcome, run } = useAction();
  const sealing = credentials.filter((c) => c.canSeal);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await run(async () => {
      await request({ variables: { input: { credentialId: String(form.get('credentialId')), name: String(form.get('name')) } } });
      await onChange();
    }, 'Certificate issued by the Sealwright CA.');
  }
  async function makeDefault(id: string, name: string) {
    await run(async () => {
      await setDefault({ variables: { id } });
      // The previous default changed too: show the list as the server now has it.
      await onChange();
    }, `${name} is now your default certificate.`);
  }
  return (
    <section className="settings-card" aria-labelledby="certs-title">
      <h2 id="certs-title">Signing certificates</h2>
      <p className="muted">
        A certificate adds a PAdES digital signature to your seals, which Acrobat shows. Acrobat trusts one the Sealwright CA issues only after the CA is imported:{' '}
        <a href="#acrobat-trust">see Trust in Acrobat</a>.
      </p>
      {certificates.length === 0 ? (
        <p className="empty">No certificate yet.</p>
      ) : (
        <ul className="results" aria-label="Certificates">
          {certificates.map((cert) => (
            <li key={cert.id}>
              <span>
                <strong>{cert.name}</strong> · {cert.commonName}, by {cert.issuerCn}, until {new Date(cert.expiresAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}{' '}
                {cert.isDefault && <span className="badge ok">Default</span>}{' '}
                {cert.issuedByServiceCa ? <span className="badge warn">Acrobat: import the CA to trust</span> : <span className="badge">Your own</span>}
              </span>
              {!cert.isDefault && cert.status === 'ACTIVE' && (
                <button type="button" className="secondary small" disabled={defaultState.loading} onClick={() => void makeDefault(cert.id, cert.name)} aria-label={`Make default: ${cert.name}`}>
                  Make default
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sealing.length > 0 ? (
        <form className="stack" onSubmit={submit}>
          <label>
            Credential
            <select name="credentialId">
              {sealing.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.regionCode} {typeName(c.licenseType)} {c.licenseNumber}
                </option>
              ))}
            </select>
          </label>
          <label>
            Certificate name
            <input name="name" required maxLength={100} defaultValue="Sealwright certificate" />
          </label>
          <button type="submit" className="secondary" disabled={requestState.loading}>
            {requestState.loading ? 'Issuing…' : 'Request a certificate'}
          </button>
        </form>
      ) : (
        <p className="muted">A credential that can seal is needed to request one.</p>
      )}
      <Outcome {...outcome} />
      <UploadCertificate onUploaded={onChange} />
    </section>
  );
}

export function CredentialsPanel() {
  const { data, loading, error, refetch } = useQuery(CREDENTIALS, { fetchPolicy: 'cache-and-network' });
  const reload = () => refetch();
  if (!data) return <FirstLoad loading={loading} error={error} hasData={false} what="credentials" />;
  const credentials = data!.credentialsConnection.edges.map((e) => e.node);
  const myRole = data!.myOrganizations.find((m) => m.organization.id === data!.organization.id)?.role;
  const manager = myRole === 'OWNER' || myRole === 'ADMIN';
  return (
    <div className="stack-lg">
      {credentials.length === 0 ? (
        <p className="empty">No credentials yet. Claim your listing in the directory, or add your license by hand below.</p>
      ) : (
        <ul className="credential-list" aria-label="Your credentials">
          {credentials.map((c) => (
            <li key={c.id} className="credential-card">
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(c.stampSvg)}`}
                alt={`Seal of ${c.displayName}, ${c.regionCode} ${typeName(c.licenseType)} ${c.licenseNumber}`}
                width={120}
                height={120}
              />
              <div className="stack">
                <h2>
                  {c.displayName} <StatusBadge c={c} />
                </h2>
                <p className="muted">
                  {typeName(c.licenseType)} · {c.regionCode} {c.licenseNumber}
                  {c.expirationDate ? ` · expires ${c.expirationDate}` : ''}
                </p>
                {c.suspendedAt || c.disputedAt ? <StandingNote c={c} /> : <p>{c.canSeal ? 'Can seal documents.' : c.rejectionReason ? `Cannot seal: ${c.rejectionReason}` : 'Cannot seal yet.'}</p>}
                <ExportStamp c={c} />
                <CredentialActions c={c} manager={manager} onChanged={reload} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="settings-grid">
        <ClaimFromDirectory onClaimed={() => void reload()} />
        <AddManually
          onAdded={() => void reload()}
          limitNote={credentialLimitNote({
            planLevel: data!.organization.planLevel,
            maxCredentials: data!.organization.maxCredentials,
            trialing: data!.subscription?.status === 'trialing',
            count: credentials.length,
          })}
        />
        <Certificates certificates={data!.signingCertificates} credentials={credentials} onChange={reload} />
        <AcrobatTrust />
      </div>
    </div>
  );
}
