/**
 * What a verification code looks like (decisions.md): 12 lowercase letters and digits. Plain
 * constants with no server code, shared by the API, the verify page and its browser code.
 */
const CODE = '[a-z0-9]{12}';

/** A whole verification code. */
export const VERIFICATION_CODE = new RegExp(`^${CODE}$`);

/** The code a sealed PDF carries in its document information (written without object streams, so as plain text in its latin1 bytes); global: use with matchAll. */
export const EMBEDDED_VERIFICATION_CODE = new RegExp(String.raw`SealVerificationCode\s*\((${CODE})\)`, 'g');
