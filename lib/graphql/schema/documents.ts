import { builder } from '../builder.ts';
import { uploadFile } from '../../documents/upload-file.ts';
import type { UploadedFile } from '../../documents/upload-file.ts';

const UploadedFileRef = builder.objectRef<UploadedFile>('UploadedFile').implement({
  description: 'A file received by uploadFile and kept under its SHA-256: name it by fileHash in createDocument or uploadDocumentVersion.',
  fields: (t) => ({
    filename: t.exposeString('filename'),
    fileHash: t.exposeString('fileHash', { description: 'SHA-256 of the bytes, lowercase hex.' }),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    contentType: t.exposeString('contentType', { description: 'Told from the bytes: application/pdf, image/png, image/jpeg or image/tiff.' }),
  }),
});

builder.mutationFields((t) => ({
  uploadFile: t.field({
    type: UploadedFileRef,
    nullable: true,
    description: 'Receive a PDF, PNG, JPEG or TIFF file of at most 16 MB, sent as a multipart request (graphql-multipart-request-spec).',
    authScopes: { authenticated: true },
    args: { file: t.arg({ type: 'Upload', required: true }) },
    resolve: (_root, args, ctx) => uploadFile({ actor: ctx.actor!, file: args.file }),
  }),
}));
