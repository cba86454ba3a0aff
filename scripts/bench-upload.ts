/**
 * `npm run bench:upload`: uploadFile over real HTTP (multipart, streamed into the blob store,
 * hashed, typed and parsed on the way) against a plain file copy of the same bytes in the same
 * run, for a 10 MB PDF; then ten 15 MB uploads at once, with the server's resident memory
 * sampled throughout: it should stay flat, not grow by the 150 MB being sent.
 *
 * The server is a child process (scripts/serve-api.ts): the route handlers behind a plain Node
 * HTTP server, on its own PGlite and blob directory in a temporary DATA_DIR. Its memory is
 * read from /proc, so the client's buffers never count.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { startApiServer } from '../test/api-server.ts';

const MB = 1024 * 1024;
const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);

await bench();

/** A PDF of about `megabytes` MB that does not compress: pages of noise images, like scanned sheets. */
async function noisePdf(megabytes: number): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const sharp = (await import('sharp')).default;
  const pdf = await PDFDocument.create();
  const side = 400; // 400² × 3 bytes of noise: about half a megabyte a page
  const addPage = async () => {
    const png = await sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    pdf.addPage([612, 792]).drawImage(await pdf.embedPng(png), { x: 106, y: 196, width: side, height: side });
  };
  for (;;) {
    const bytes = await pdf.save();
    if (bytes.length >= megabytes * MB) return bytes;
    await addPage();
  }
}

/** The multipart body a client sends for uploadFile (operations, map, the file), built once per file. */
function multipartBody(bytes: Uint8Array, name: string): { body: Buffer; boundary: string } {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const operations = JSON.stringify({ query: 'mutation($file: Upload!) { uploadFile(file: $file) { fileHash size } }', variables: { file: null } });
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), boundary };
}

/** POST one upload over a plain HTTP connection; resolves when the answer says the file was kept whole. */
function upload(port: number, token: string, part: { body: Buffer; boundary: string }, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/v1/graphql',
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${part.boundary}`, 'content-length': part.body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { errors?: unknown; data?: { uploadFile: { size: number } } };
          if (body.errors || body.data?.uploadFile.size !== size) reject(new Error(`upload failed: ${JSON.stringify(body).slice(0, 300)}`));
          else resolve();
        });
      },
    );
    req.on('error', reject);
    req.end(part.body);
  });
}

/** A new account on the server; its access token. */
async function register(url: string): Promise<string> {
  const query = 'mutation($e: String!, $p: String!) { register(input: { email: $e, password: $p, displayName: "Bench User" }) { accessToken } }';
  const res = await fetch(`${url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables: { e: `bench-${crypto.randomUUID()}@example.test`, p: crypto.randomBytes(12).toString('hex') } }),
  });
  const body = (await res.json()) as { data?: { register: { accessToken: string } }; errors?: unknown };
  if (!body.data) throw new Error(`register failed: ${JSON.stringify(body.errors)}`);
  return body.data.register.accessToken;
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

async function bench(): Promise<void> {
  const iterations = flag('--iterations', 8);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-bench-upload-'));
  const api = await startApiServer({ DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', BLOB_COLLECT_INTERVAL_MS: '0', CREDENTIAL_RECHECK_INTERVAL_MS: '0' });
  const port = Number(new URL(api.url).port);
  try {
    const token = await register(api.url);
    const startRss = rssOf(api.pid);
    console.log('Making a 10 MB PDF and ten 15 MB PDFs (noise images, incompressible)…');
    const pdf10 = await noisePdf(10);
    const pdfs15 = await Promise.all(Array.from({ length: 10 }, () => noisePdf(15)));
    const source = path.join(dataDir, 'source.pdf');
    fs.writeFileSync(source, pdf10);

    // Warm-up: the first upload compiles the schema's paths, opens the blob directory, …
    const part10 = multipartBody(pdf10, 'plans.pdf');
    const parts15 = pdfs15.map((bytes, i) => multipartBody(bytes, `big-${i}.pdf`));
    await upload(port, token, part10, pdf10.length);
    const copyTimes: number[] = [];
    const uploadTimes: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const target = path.join(dataDir, `copy-${i}.pdf`);
      let t = performance.now();
      await pipeline(fs.createReadStream(source), fs.createWriteStream(target));
      copyTimes.push(performance.now() - t);
      fs.rmSync(target);
      t = performance.now();
      await upload(port, token, part10, pdf10.length);
      uploadTimes.push(performance.now() - t);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const size = pdf10.length / MB;
    const uploadRate = size / (median(uploadTimes) / 1000);
    const copyRate = size / (median(copyTimes) / 1000);

    const afterSequential = rssOf(api.pid);
    const before = afterSequential;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(api.pid));
    }, 5);
    const t = performance.now();
    await Promise.all(parts15.map((part, i) => upload(port, token, part, pdfs15[i].length)));
    const concurrentMs = performance.now() - t;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(api.pid));
    const sent = pdfs15.reduce((n, b) => n + b.length, 0) / MB;

    console.log('');
    console.log(`uploadFile, ${size.toFixed(1)} MB PDF over HTTP: ${uploadRate.toFixed(1)} MB/s (median of ${iterations}, ${median(uploadTimes).toFixed(0)} ms)`);
    console.log(`plain file copy of the same bytes:  ${copyRate.toFixed(1)} MB/s (median of ${iterations}, ${median(copyTimes).toFixed(1)} ms)`);
    console.log(`ratio upload/copy: ${(uploadRate / copyRate).toFixed(3)}`);
    console.log('');
    console.log(`ten uploads at once, ${sent.toFixed(0)} MB in all: ${(concurrentMs / 1000).toFixed(2)} s, ${(sent / (concurrentMs / 1000)).toFixed(1)} MB/s`);
    console.log(`server RSS at start ${(startRss / MB).toFixed(0)} MB, after the sequential uploads ${(afterSequential / MB).toFixed(0)} MB`);
    console.log(
      `server RSS before ${(before / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB: grew ${((peak - before) / MB).toFixed(0)} MB, ${(((peak - before) / MB / sent) * 100).toFixed(0)}% of the bytes sent`,
    );
  } finally {
    await api.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
