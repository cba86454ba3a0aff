export default function Home() {
  return (
    <main className="page">
      <h1>Sealwright</h1>
      <p className="lede">
        Seal your drawings and reports with your professional license, and let anyone verify the seal, for
        engineers, architects, land surveyors and landscape architects in all 50 states.
      </p>
      <div className="grid">
        <section className="card">
          <h2>Stamps</h2>
          <p>Your official seal image, per profession and state, as SVG, PNG or PDF.</p>
        </section>
        <section className="card">
          <h2>Sealing</h2>
          <p>Place your stamp on a PDF with a verification code, and optionally a PAdES digital signature.</p>
        </section>
        <section className="card">
          <h2>Verification</h2>
          <p>Anyone checks a seal by its code or by the hash of the file they hold; tampering shows.</p>
        </section>
        <section className="card">
          <h2>API</h2>
          <p>
            GraphQL at <code>POST /v1/graphql</code>, REST under <code>/v1</code>.
          </p>
        </section>
      </div>
    </main>
  );
}
