import { AppError } from '../errors.ts';
import type { StagedBlob } from './blob-store.ts';
import type { DocumentContentType } from './sniff.ts';

/**
 * A file part as the resolvers see it: received (`staged`: in a temporary file until kept; none:
 * already a blob), or refused with a reason. The GraphQL door's multipart reader makes them
 * (lib/graphql/multipart.ts); the domains that keep files (uploadFile) read them, so it lives here.
 */
export class ReceivedUpload {
  private rejected: AppError | null = null;

  constructor(
    readonly filename: string,
    readonly stored: { hash: string; size: number; contentType: DocumentContentType; staged?: StagedBlob } | null,
    readonly refusal: AppError | null,
    /** The whole file when it is at most SMALL_FILE_BYTES, whatever its type (a PKCS#12 certificate is read from here). */
    readonly small: Uint8Array | null = null,
  ) {}

  /** Refuse the file for good (its temporary file goes): accepted() throws `err` from now on. */
  async reject(err: AppError): Promise<void> {
    this.rejected ??= err;
    await this.stored?.staged?.discard();
  }

  /** Remove the temporary file unless the file was kept (the request is over). */
  async discard(): Promise<void> {
    await this.stored?.staged?.discard();
  }

  /** The bytes of a small file of any type (at most `max`); PAYLOAD_TOO_LARGE when it is larger, UNAUTHENTICATED without a token. */
  smallFile(max: number, what: string): Uint8Array {
    if (this.refusal?.code === 'UNAUTHENTICATED') throw this.refusal;
    if (!this.small || this.small.byteLength > max) throw new AppError('PAYLOAD_TOO_LARGE', `${what} must be at most ${max / 1024} KB`);
    return this.small;
  }

  /** The stored file, or the reason it was refused (UNSUPPORTED_MEDIA_TYPE, UNAUTHENTICATED). */
  accepted(): { filename: string; hash: string; size: number; contentType: DocumentContentType } {
    if (this.rejected) throw this.rejected;
    if (!this.stored) throw this.refusal ?? new AppError('BAD_USER_INPUT', 'The file was not received');
    const { hash, size, contentType } = this.stored;
    return { filename: this.filename, hash, size, contentType };
  }

  /** How an upload reads where an error message quotes a value (it was sent where no file belongs). */
  toJSON(): string {
    return 'an uploaded file';
  }
}
