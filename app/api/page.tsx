import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'API' };

/** A public summary of the API, for a visitor offline from the repository's README. */
export default function ApiPage() {
  return (
    <main className="page api-doc">
      <p>
        <Link href="/">Sealwright</Link>
      </p>
      <h1>The Sealwright API</h1>
      <p className="lede">
        Everything the dashboard does goes through the same API: GraphQL for accounts, credentials, documents and seals, and a few REST endpoints for images, files and public checks.
      </p>
      <div className="grid">
        <section className="card">
          <h2>GraphQL</h2>
          <p>
            <code>POST /v1/graphql</code> with a JSON body <code>{'{ "query", "variables" }'}</code>, or a multipart upload for files. Sign in with the <code>login</code> mutation and send its{' '}
            <code>accessToken</code> as <code>Authorization: Bearer …</code>.
          </p>
          <p>
            The schema, read-only: {/* A route handler's text, not a page: the rule reads app/v1/[[...path]] (the REST 404 for unknown addresses) as pages under /v1. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/v1/graphql/schema">/v1/graphql/schema</a> (the same text as <code>schema.graphql</code> in the repository).
          </p>
        </section>
        <section className="card">
          <h2>REST</h2>
          <ul>
            <li>
              <code>POST /v1/stamp</code>: a stamp image as SVG, PNG or PDF.
            </li>
            <li>
              <code>GET /v1/verify/:code</code>: a seal&apos;s public record; <code>POST /v1/verify/pdf</code> checks a file.
            </li>
            <li>
              <code>GET /v1/downloads/:versionId</code> and <code>GET /v1/thumbnails/:versionId</code>: a document&apos;s file and first page (bearer token).
            </li>
            <li>
              <code>GET /v1/log/sth</code>, <code>/v1/log/entries</code>, <code>/v1/log/proof/…</code>: the public seal log.
            </li>
            <li>
              <code>GET /v1/ca/cert</code> (DER, <code>sealwright-ca.cer</code>; <code>?format=pem</code>) and <code>GET /v1/ca/crl</code>: the certificate authority that issues sealing certificates,
              to import into Acrobat as a trusted root, and its revocation list.
            </li>
          </ul>
        </section>
        <section className="card">
          <h2>Limits and errors</h2>
          <p>
            Requests are rate-limited per token and per address (<code>429</code> with <code>Retry-After</code> in seconds). GraphQL errors carry <code>extensions.code</code>; REST errors a JSON body
            with a code.
          </p>
        </section>
      </div>
    </main>
  );
}
