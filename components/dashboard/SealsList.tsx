'use client';

import { useState } from 'react';
import { getProfession } from '../../lib/stamps/professions.ts';
import { graphql } from '../gql/index.ts';
import { useQuery } from '@apollo/client/react';
import { DataTable } from './DataTable.tsx';
import { FirstLoad } from './use-action.tsx';
import { CaTrustNote } from './CaTrust.tsx';

const SEALS = graphql(`
  query Seals {
    sealsConnection(first: 100) {
      totalCount
      edges {
        node {
          id
          verificationCode
          verificationUrl
          sealedAt
          pkiSigned
          signingCertificate {
            id
            issuedByServiceCa
          }
          document {
            id
            name
          }
          credential {
            id
            licenseType
            licenseNumber
            regionCode
          }
        }
      }
    }
  }
`);

function CopyLink({ url, code }: { url: string; code: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <span className="copy">
      <button type="button" className="secondary small" onClick={() => void copy()} aria-label={`Copy link for ${code}`}>
        Copy link
      </button>
      <span role="status" className="muted">
        {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed: select the link instead' : ''}
      </span>
    </span>
  );
}

export function SealsList() {
  const { data, loading, error } = useQuery(SEALS, { fetchPolicy: 'cache-and-network' });
  if (!data) return <FirstLoad loading={loading} error={error} hasData={false} what="seals" />;
  const rows = data!.sealsConnection.edges.map((e) => e.node);
  if (rows.length === 0) return <p className="empty">No seals yet. A document you seal shows here with its verification code.</p>;
  return (
    <>
      {rows.some((s) => s.pkiSigned && s.signingCertificate?.issuedByServiceCa) && <CaTrustNote />}
      <DataTable
        columns={['Code', 'Document', 'Credential', 'Sealed', 'PKI', 'Verification link']}
        caption={
          <caption className="muted">
            {data!.sealsConnection.totalCount} seal{data!.sealsConnection.totalCount === 1 ? '' : 's'}, newest first
          </caption>
        }
      >
        {rows.map((s) => (
          <tr key={s.id}>
            <td data-label="Code">
              <a href={s.verificationUrl}>
                <code>{s.verificationCode}</code>
              </a>
            </td>
            <td data-label="Document">{s.document ? s.document.name : <span className="muted">No longer available</span>}</td>
            <td data-label="Credential">
              {s.credential ? (
                `${getProfession(s.credential.licenseType)?.name ?? s.credential.licenseType} ${s.credential.licenseNumber} (${s.credential.regionCode})`
              ) : (
                <span className="muted">Deleted</span>
              )}
            </td>
            <td data-label="Sealed">
              <time dateTime={s.sealedAt}>{new Date(s.sealedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</time>
            </td>
            <td data-label="PKI">{s.pkiSigned ? <span className="badge ok">Signed</span> : <span className="badge">Stamp only</span>}</td>
            <td data-label="Verification link">
              <CopyLink url={s.verificationUrl} code={s.verificationCode} />
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
