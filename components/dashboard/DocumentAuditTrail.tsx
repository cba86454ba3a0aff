'use client';

import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import { DataTable } from './DataTable.tsx';
import { FirstLoad } from './use-action.tsx';

const AUDIT_TRAIL = graphql(`
  query DocumentAuditTrail($id: UUID!) {
    document(id: $id) {
      id
      auditTrail {
        id
        type
        occurredAt
        actorName
        clientAddress
        details
      }
    }
  }
`);

// "Seal applied", not "Sealed": the page's status badge alone says Sealed.
const WORDS: Record<string, string> = {
  UPLOADED: 'Uploaded',
  VERSION_ADDED: 'New version added',
  SEALED: 'Seal applied',
  PDF_EDITED: 'PDF edited',
  DOWNLOADED: 'Downloaded',
  DELETED: 'Deleted',
};

/** A few words from an event's details JSON: its version, code or operation. */
function detailWords(details: string): string {
  let facts: Record<string, unknown>;
  try {
    facts = JSON.parse(details) as Record<string, unknown>;
  } catch {
    return '';
  }
  const parts: string[] = [];
  if (typeof facts.operation === 'string') parts.push(facts.operation);
  if (typeof facts.versionNumber === 'number') parts.push(`version ${facts.versionNumber}`);
  if (typeof facts.verificationCode === 'string') parts.push(`code ${facts.verificationCode}`);
  return parts.join(', ');
}

/** The document's audit trail (Document.auditTrail), oldest first: what happened, who, when and from where. */
export function DocumentAuditTrail({ id }: { id: string }) {
  const { data, loading, error } = useQuery(AUDIT_TRAIL, { variables: { id }, fetchPolicy: 'cache-and-network' });
  if (!data) return <FirstLoad loading={loading} error={error} hasData={false} what="the audit trail" />;
  const events = data.document?.auditTrail;
  if (!events) return null;
  return (
    <section aria-labelledby="audit-trail-title" className="stack">
      <h2 id="audit-trail-title">Audit trail</h2>
      {events.length === 0 ? (
        <p className="muted">Nothing recorded yet.</p>
      ) : (
        <DataTable columns={['When', 'Event', 'By', 'Address', 'Details']} className="audit-trail">
          {events.map((e) => (
            <tr key={e.id}>
              <td data-label="When">{new Date(e.occurredAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' })}</td>
              <td data-label="Event">{WORDS[e.type] ?? e.type}</td>
              <td data-label="By">{e.actorName ?? <span className="muted">Someone outside the organization</span>}</td>
              <td data-label="Address">{e.clientAddress ? <code>{e.clientAddress}</code> : <span className="muted">—</span>}</td>
              <td data-label="Details">{detailWords(e.details) || <span className="muted">—</span>}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
