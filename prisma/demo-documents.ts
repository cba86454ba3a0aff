import { Readable } from 'node:stream';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { db } from '../lib/db/index.ts';
import { createDocument, uploadDocumentVersion } from '../lib/documents/create-document.ts';
import { createFolder } from '../lib/documents/folders.ts';
import { loadActor } from '../lib/orgs/actor.ts';
import { blobStore } from '../lib/storage/index.ts';

/** A tabloid drawing sheet with a border and a title block, as an engineer would send for sealing. */
async function drawingSheet(sheet: string, title: string, project: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${sheet} ${title}`);
  pdf.setCreator('Sealwright demo');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([1224, 792]);
  const ink = rgb(0.1, 0.1, 0.12);
  page.drawRectangle({ x: 24, y: 24, width: 1176, height: 744, borderColor: ink, borderWidth: 2 });
  page.drawRectangle({ x: 924, y: 24, width: 276, height: 200, borderColor: ink, borderWidth: 1 });
  page.drawText(project, { x: 936, y: 196, size: 12, font: bold, color: ink });
  page.drawText(title, { x: 936, y: 172, size: 11, font, color: ink });
  page.drawText(`SHEET ${sheet}`, { x: 936, y: 44, size: 20, font: bold, color: ink });
  page.drawText('SEAL', { x: 1040, y: 120, size: 9, font, color: rgb(0.5, 0.5, 0.5) });
  const notes = [
    '1. All work shall conform to the current state DOT standard specifications.',
    '2. Contractor shall verify all dimensions in the field before fabrication.',
    "3. Concrete: f'c = 4,000 psi at 28 days unless noted otherwise.",
    '4. Reinforcing steel: ASTM A615 Grade 60.',
  ];
  page.drawText('GENERAL NOTES', { x: 60, y: 720, size: 14, font: bold, color: ink });
  notes.forEach((line, i) => page.drawText(line, { x: 60, y: 690 - i * 20, size: 11, font, color: ink }));
  return pdf.save();
}

/**
 * The demo account's documents: a project folder with two drawing sheets (one of them in two
 * versions), so the dashboard and the API have something to show on first start.
 */
export async function seedDemoDocuments(userId: string): Promise<void> {
  const actor = await loadActor({ userId });
  if (!actor) return;
  const store = blobStore();
  const upload = async (bytes: Uint8Array, filename: string) => {
    const { hash, size } = await store.put(Readable.from([Buffer.from(bytes)]), { maxBytes: 16 * 1024 * 1024 });
    await db().fileUpload.create({ data: { organizationId: actor.organizationId, userId, fileHash: hash, filename, size, contentType: 'application/pdf', pageCount: 1 } });
    return hash;
  };
  const projects = await createFolder({ actor, input: { name: 'Projects', color: '#1f6feb', icon: 'briefcase' } });
  const bridge = await createFolder({ actor, input: { name: 'Riverside Bridge', parentId: projects.id } });
  await createFolder({ actor, input: { name: 'Correspondence', position: 1 } });
  const project = 'RIVERSIDE BRIDGE REPLACEMENT';
  await createDocument({
    actor,
    input: { name: 'S-001 General Notes', folderId: bridge.id, visibility: 'ORGANIZATION', fileHash: await upload(await drawingSheet('S-001', 'General Notes', project), 'S-001.pdf') },
  });
  const plan = await createDocument({
    actor,
    input: { name: 'S-101 Foundation Plan', folderId: bridge.id, fileHash: await upload(await drawingSheet('S-101', 'Foundation Plan', project), 'S-101.pdf') },
  });
  const revised = await upload(await drawingSheet('S-101', 'Foundation Plan (Rev. 1)', project), 'S-101 rev1.pdf');
  await uploadDocumentVersion({ actor, input: { documentId: plan.id, fileHash: revised, notes: 'Rev. 1: pile cap depths per geotechnical report' } });
}
