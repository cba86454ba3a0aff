// @ts-check
/**
 * A refusal the app answers in words, raised in a pool thread: `code` is an AppError code
 * (lib/errors.ts), and `log` what the main thread writes to the log. The worker entry hands it
 * back as plain data ({ failure: { code, message, log } }), since an Error's own fields do not
 * cross threads; lib/pdf/seal-pdf.ts makes it an AppError again.
 */
export class PdfFailure extends Error {
  /**
   * @param {string} code
   * @param {string} message
   * @param {{ message: string; fields: Record<string, unknown> }} [log]
   */
  constructor(code, message, log) {
    super(message);
    this.code = code;
    this.log = log;
  }
}
