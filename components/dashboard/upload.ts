import { print } from 'graphql';
import { graphql } from '../gql/index.ts';
import type { UploadMutation } from '../gql/graphql.ts';

const UPLOAD = graphql(`
  mutation Upload($file: Upload!) {
    uploadFile(file: $file) {
      fileHash
    }
  }
`);

/**
 * One file to /v1/graphql as a GraphQL multipart request (uploadFile), with its progress: XHR
 * reports upload progress where fetch does not. Resolves with the stored file's hash.
 */
export function uploadWithProgress(file: File, token: string | null, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: print(UPLOAD), variables: { file: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/v1/graphql');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new Error('The upload failed: the service could not be reached.'));
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as { data?: UploadMutation | null; errors?: Array<{ message: string }> };
        if (body.errors?.length) return reject(new Error(body.errors[0].message));
        if (!body.data?.uploadFile) return reject(new Error(`The upload failed (HTTP ${xhr.status}).`));
        onProgress(1);
        resolve(body.data.uploadFile.fileHash);
      } catch {
        reject(new Error(`The upload failed (HTTP ${xhr.status}).`));
      }
    };
    xhr.send(form);
  });
}
