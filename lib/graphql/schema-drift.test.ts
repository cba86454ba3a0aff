import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printSDL, schema } from './schema/index.ts';

describe('schema.graphql', () => {
  it('matches the schema the code builds (run `npm run graphql:schema` after a change)', () => {
    expect(printSDL()).toBe(fs.readFileSync('schema.graphql', 'utf8'));
  });

  it('sorts every mutation beyond the documented list after refreshToken', () => {
    // graphql-interface.md lists mutations alphabetically up to refreshToken and hides the rest.
    const documented = new Set(['acknowledgeMessages', 'addPdfPage', 'addPdfWatermark', 'cancelBatchSealJob', 'changePassword', 'claimProfessional', 'createBatchSealJob', 'createChatSession', 'createCredential', 'createCustomerSession', 'createDocument', 'createFolder', 'createPaymentIntent', 'createPdf', 'createSetupIntent', 'deleteAccount', 'deleteCertificate', 'deleteChatSession', 'deleteCredential', 'deleteDocument', 'deleteFolder', 'disableMfa', 'drawOnPdf', 'drawPdfImage', 'enableMfa', 'exportCredentialStamp', 'extractPages', 'fillPdfForm', 'flattenPdfForm', 'login', 'logout', 'mergePdfs', 'moveDocument', 'movePdfPage', 'refreshToken']);
    const added = Object.keys(schema.getMutationType()!.getFields()).filter((name) => !documented.has(name));
    expect(added.length).toBeGreaterThan(0);
    for (const name of added) expect(name > 'refreshToken', `${name} must sort after refreshToken`).toBe(true);
  });
});
