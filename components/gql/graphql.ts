/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type AddPageInput = {
  documentId: string;
  /** The new page’s number (1 makes it the first page); after the last page when omitted. */
  index?: number | null | undefined;
  /** When omitted, the size of the page before it (of the first page, for a new first page), as that page is seen. */
  pageSize?: PdfPaperSize | null | undefined;
};

export type BatchSealItemStatus =
  | 'CANCELLED'
  | 'COMPLETED'
  | 'FAILED'
  | 'PENDING'
  | 'PROCESSING';

export type BatchSealStatus =
  /** Cancelled: the items not started were not sealed. */
  | 'CANCELLED'
  /** Every document was sealed. */
  | 'COMPLETED'
  /** No document was sealed. */
  | 'FAILED'
  /** Some documents were sealed, some failed. */
  | 'PARTIALLY_COMPLETED'
  /** Queued; no item has started. */
  | 'PENDING'
  /** Items are being sealed. */
  | 'PROCESSING';

export type BillingInterval =
  | 'MONTH'
  | 'YEAR';

export type ChangePasswordInput = {
  currentPassword: string;
  /** At least 10 characters. */
  newPassword: string;
};

export type ChatMessageRole =
  | 'ASSISTANT'
  | 'SYSTEM'
  | 'USER';

export type CreateBatchSealInput = {
  /** One of your credentials that canSeal. */
  credentialId: string;
  /** 1 to 500 distinct documents of yours, each a PDF neither sealed nor deleted. */
  documentIds: Array<string>;
  /** Where the verification line and QR code go (BELOW_STAMP when omitted). */
  footerPosition?: FooterPosition | null | undefined;
  /** FIRST when omitted. */
  pageMode?: PageMode | null | undefined;
  /** The stamp's centre as a fraction of the page's width from its left edge (0.85 when omitted). */
  positionX?: number | null | undefined;
  /** The stamp's centre as a fraction of the page's height from its top edge (0.85 when omitted). */
  positionY?: number | null | undefined;
  /** PKI-sign every seal (PAdES) with this certificate of yours. */
  signingCertificateId?: string | null | undefined;
  /** The stamp diameter in PDF points, 36 to 288 (108 when omitted). */
  size?: number | null | undefined;
};

export type CreateChatSessionInput = {
  /** 1 to 50 documents you may read. */
  documentIds: Array<string>;
  /** At most 200 characters; named after the first document when omitted. */
  title?: string | null | undefined;
};

export type CreateCredentialInput = {
  /** The holder's name as the board spells it; it must be your own name (your verified legal name once there is one, else your display name), which is the default. */
  displayName?: string | null | undefined;
  expirationDate?: string | null | undefined;
  licenseNumber: string;
  /** A profession slug: engineer, civil-engineer, …, landscape-architect. */
  licenseType: string;
  /** Two-letter state code (TX). */
  regionCode: string;
};

export type CreateDocumentInput = {
  description?: string | null | undefined;
  /** A file sent with uploadFile: it becomes version 1 (an image becomes a one-page PDF at its natural size). */
  fileHash?: string | null | undefined;
  folderId?: string | null | undefined;
  name: string;
  /** PRIVATE when omitted. */
  visibility?: DocumentVisibility | null | undefined;
};

export type CreateFolderInput = {
  /** #rrggbb */
  color?: string | null | undefined;
  description?: string | null | undefined;
  icon?: string | null | undefined;
  /** Unique among its siblings, ignoring case. */
  name: string;
  /** The folder to create it in; the root when omitted. */
  parentId?: string | null | undefined;
  /** 0 or more; 0 when omitted. */
  position?: number | null | undefined;
};

export type CreatePaymentIntentInput = {
  /** MONTH (default) or YEAR. */
  interval?: BillingInterval | null | undefined;
  /** PROFESSIONAL, TEAM or ENTERPRISE. */
  planLevel: PlanLevel;
};

export type CredentialStatus =
  | 'CLAIMED'
  | 'EXPIRED'
  | 'PENDING'
  | 'REJECTED'
  | 'REVOKED'
  | 'VERIFIED';

/** What happened to a document, in its audit trail. */
export type DocumentEventType =
  /** It was deleted. */
  | 'DELETED'
  /** Its file was fetched through a download URL. */
  | 'DOWNLOADED'
  /** A PDF tool changed it (a new version); details name the operation. */
  | 'PDF_EDITED'
  /** It was sealed; details name the verification code. */
  | 'SEALED'
  /** The document was created (with its first file, when it had one). */
  | 'UPLOADED'
  /** A new version was uploaded. */
  | 'VERSION_ADDED';

/** The order of documentsConnection. */
export type DocumentOrder =
  /** By name, A to Z, ignoring case. */
  | 'NAME'
  /** By name, Z to A, ignoring case. */
  | 'NAME_DESC'
  /** Newest first (the default). */
  | 'NEWEST'
  /** Oldest first. */
  | 'OLDEST'
  /** Most recently changed first (renamed, moved, a new version, sealed). */
  | 'RECENTLY_UPDATED';

export type DocumentStatus =
  | 'ARCHIVED'
  | 'DRAFT'
  | 'SEALED';

export type DocumentVisibility =
  /** Every member of the organization. */
  | 'ORGANIZATION'
  /** Its creator and the organization’s OWNER and ADMIN members. */
  | 'PRIVATE'
  /** Anyone with its id, without a token: the document and its current version. */
  | 'PUBLIC';

export type EnableMfaInput = {
  /** The current code from the authenticator set up with setupMfa. */
  code: string;
};

export type ExtractPagesInput = {
  documentId: string;
  /** "<document> (pages …)" when omitted. */
  name?: string | null | undefined;
  /** 1-based, in the order the new document has them. */
  pages: Array<number>;
};

export type FillFormInput = {
  documentId: string;
  fields: Array<FormFieldInput>;
  /** Make every field static afterwards; false when omitted. */
  flatten?: boolean | null | undefined;
};

/** Where a seal's verification line (its URL with the code) and QR code go. */
export type FooterPosition =
  /** Directly under the stamp, no wider than it: the URL on one or two short lines, then a small QR code (the default). */
  | 'BELOW_STAMP'
  /** The bottom-left corner of the page, inside its margin: the QR code and the footer line "Sealed by … · verify at …". */
  | 'BOTTOM_LEFT'
  /** The bottom-right corner, as BOTTOM_LEFT. */
  | 'BOTTOM_RIGHT'
  /** The top-left corner, as BOTTOM_LEFT. */
  | 'TOP_LEFT'
  /** The top-right corner, as BOTTOM_LEFT. */
  | 'TOP_RIGHT';

export type FormFieldInput = {
  /** The field’s full name (parent.child). */
  name: string;
  /** Text; a checkbox: true or false; a radio group or dropdown: one of its options. */
  value: string;
};

/** How sure Sealwright is of who a user is: the name typed at sign-up, a government ID checked, or a legal name attested by an OWNER or ADMIN of their organization whose own ID was checked. */
export type IdentityAssurance =
  | 'DOCUMENT_VERIFIED'
  | 'ORGANIZATION_ATTESTED'
  | 'SELF_ASSERTED';

export type IdentityVerificationMethod =
  | 'ADMIN_REVIEW'
  | 'ORGANIZATION_ATTESTATION'
  | 'STRIPE_IDENTITY';

export type IdentityVerificationStatus =
  | 'CANCELED'
  | 'PENDING'
  | 'REJECTED'
  | 'VERIFIED';

export type InviteOrganizationMemberInput = {
  /** The address to invite, with or without an account. */
  email: string;
  /** OWNER, ADMIN or MEMBER. */
  role: string;
};

export type MergePdfsInput = {
  /** 2 to 100 documents, merged in this order. */
  documentIds: Array<string>;
  name: string;
};

export type MovePdfPageInput = {
  documentId: string;
  fromPage: number;
  /** The page’s number once moved. */
  toPage: number;
};

export type PageMode =
  /** Every page. */
  | 'ALL'
  /** The first page. */
  | 'FIRST'
  /** The last page. */
  | 'LAST';

/** Paper sizes, portrait: LETTER 612×792 pt, LEGAL 612×1008, TABLOID 792×1224, A4 595×842, A3 842×1191. */
export type PdfPaperSize =
  | 'A3'
  | 'A4'
  | 'LEGAL'
  | 'LETTER'
  | 'TABLOID';

export type PlanLevel =
  | 'ENTERPRISE'
  | 'FREE'
  | 'PROFESSIONAL'
  | 'TEAM';

export type RequestSigningCertificateInput = {
  /** One of your credentials that canSeal. */
  credentialId: string;
  description?: string | null | undefined;
  name: string;
};

export type ReviewIdentityVerificationInput = {
  approve: boolean;
  id: string;
  /** The name as the ID spells it, when it differs from the request. */
  legalName?: string | null | undefined;
  /** Required to reject: the user reads it. */
  reason?: string | null | undefined;
};

export type SealDocumentInput = {
  /** One of your credentials that canSeal. */
  credentialId: string;
  documentId: string;
  /** Where the verification line and QR code go (BELOW_STAMP when omitted). */
  footerPosition?: FooterPosition | null | undefined;
  /** 1-based; overrides pageMode. */
  page?: number | null | undefined;
  /** FIRST when omitted. */
  pageMode?: PageMode | null | undefined;
  /** The stamp's centre as a fraction of the page's width from its left edge (0.85 when omitted). */
  positionX?: number | null | undefined;
  /** The stamp's centre as a fraction of the page's height from its top edge (0.85 when omitted). */
  positionY?: number | null | undefined;
  /** PKI-sign the seal (PAdES) with this certificate of yours. */
  signingCertificateId?: string | null | undefined;
  /** The stamp diameter in PDF points, 36 to 288 (108, 1.5 in, when omitted). */
  size?: number | null | undefined;
};

export type SetupOrganizationInput = {
  name: string;
  /** 3 to 48 lowercase letters, digits and dashes; generated from the name when omitted. */
  slug?: string | null | undefined;
};

export type SigningCertificateStatus =
  | 'ACTIVE'
  | 'EXPIRED'
  | 'REVOKED';

export type StampExportFormat =
  | 'JPEG'
  | 'PDF'
  | 'PNG'
  | 'TIFF';

export type StartIdentityVerificationInput = {
  /** Without Stripe: the legal name, as on your ID, for the admin to check (default your display name). */
  legalName?: string | null | undefined;
  /** Without Stripe: how the reviewer may reach you. */
  note?: string | null | undefined;
  /** With Stripe: a page of this service to come back to (default /settings). */
  returnUrl?: string | null | undefined;
};

export type UpdateDocumentInput = {
  /** An archived document cannot be sealed or edited until unarchived. */
  archived?: boolean | null | undefined;
  description?: string | null | undefined;
  name?: string | null | undefined;
  visibility?: DocumentVisibility | null | undefined;
};

export type UpdateFolderInput = {
  color?: string | null | undefined;
  description?: string | null | undefined;
  icon?: string | null | undefined;
  name?: string | null | undefined;
  /** Move under this folder; null moves it to the root, omitted leaves it. */
  parentId?: string | null | undefined;
  position?: number | null | undefined;
};

export type UpdateOrganizationSettingsInput = {
  /** Require a DOCUMENT_VERIFIED or ORGANIZATION_ATTESTED identity to seal here. */
  requireVerifiedIdentity?: boolean | null | undefined;
};

export type UpdateProfileInput = {
  betaFeaturesEnabled?: boolean | null | undefined;
  /** null or blank clears it. */
  displayName?: string | null | undefined;
  /** true hides the getting-started checklist (User.onboarding.dismissedAt), false shows it again. */
  onboardingDismissed?: boolean | null | undefined;
  /** small (1 in), medium (1.5 in) or large (2 in). */
  stampExportSize?: string | null | undefined;
  /** light, dark or system. */
  uiTheme?: string | null | undefined;
};

export type UpdateSubscriptionInput = {
  /** true: the plan ends with its period (FREE after); false: it renews. */
  cancelAtPeriodEnd: boolean;
};

export type UploadDocumentVersionInput = {
  documentId: string;
  /** A file sent with uploadFile. */
  fileHash: string;
  notes?: string | null | undefined;
};

export type UploadSigningCertificateInput = {
  description?: string | null | undefined;
  /** The PKCS#12 (.p12/.pfx) file, at most 64 KB, in the same multipart request. */
  file: File;
  name: string;
  password: string;
};

export type UpsertOrganizationMemberInput = {
  /** The email of an existing account. */
  email: string;
  /** OWNER, ADMIN or MEMBER. */
  role: string;
};

export type VerificationMethod =
  | 'BOARD_LOOKUP'
  | 'MANUAL'
  | 'VENDOR_API';

export type VerifyMemberIdentityInput = {
  /** The legal name, as on the ID you checked. */
  legalName: string;
  /** How it was checked (say, "passport seen in person"). */
  note?: string | null | undefined;
  /** A member of the current organization. */
  userId: string;
};

export type WatermarkInput = {
  /** #rrggbb; #808080 when omitted. */
  color?: string | null | undefined;
  documentId: string;
  /** Points; when omitted, the largest that fits the page along the angle. */
  fontSize?: number | null | undefined;
  /** 0 to 1; 0.3 when omitted. */
  opacity?: number | null | undefined;
  /** 1-based; every page when omitted. */
  pages?: Array<number> | null | undefined;
  /** Degrees counter-clockwise as the page is seen; the page’s diagonal (lower-left to upper-right) when omitted. */
  rotation?: number | null | undefined;
  /** At most 200 characters; Latin, Greek and Cyrillic (the bundled Liberation Sans, embedded). */
  text: string;
};

export type BatchJobsQueryVariables = Exact<{
  first: number;
  after?: string | null | undefined;
}>;


export type BatchJobsQuery = { batchSealJobsConnection: { __typename: 'BatchSealJobConnection', totalCount: number, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor: string | null }, edges: Array<{ __typename: 'BatchSealJobEdge', node: { __typename: 'BatchSealJob', id: string, status: BatchSealStatus, totalDocuments: number, completedDocuments: number, failedDocuments: number, cancelledDocuments: number, progressPercent: number, remaining: number, startedAt: string | null, completedAt: string | null, insertedAt: string, credential: { __typename: 'Credential', id: string, displayName: string } | null } }> } };

export type ActiveBatchJobsQueryVariables = Exact<{ [key: string]: never; }>;


export type ActiveBatchJobsQuery = { processing: { __typename: 'BatchSealJobConnection', edges: Array<{ __typename: 'BatchSealJobEdge', node: { __typename: 'BatchSealJob', id: string, status: BatchSealStatus, totalDocuments: number, completedDocuments: number, failedDocuments: number, cancelledDocuments: number, progressPercent: number, remaining: number, startedAt: string | null, completedAt: string | null, insertedAt: string, credential: { __typename: 'Credential', id: string, displayName: string } | null } }> }, pending: { __typename: 'BatchSealJobConnection', edges: Array<{ __typename: 'BatchSealJobEdge', node: { __typename: 'BatchSealJob', id: string, status: BatchSealStatus, totalDocuments: number, completedDocuments: number, failedDocuments: number, cancelledDocuments: number, progressPercent: number, remaining: number, startedAt: string | null, completedAt: string | null, insertedAt: string, credential: { __typename: 'Credential', id: string, displayName: string } | null } }> } };

export type BatchJobSummaryQueryVariables = Exact<{
  id: string;
}>;


export type BatchJobSummaryQuery = { batchSealJob: { __typename: 'BatchSealJob', id: string, status: BatchSealStatus, totalDocuments: number, completedDocuments: number, failedDocuments: number, cancelledDocuments: number, progressPercent: number, remaining: number, startedAt: string | null, completedAt: string | null, insertedAt: string, credential: { __typename: 'Credential', id: string, displayName: string } | null } | null };

export type BillingQueryVariables = Exact<{ [key: string]: never; }>;


export type BillingQuery = { organization: { __typename: 'Organization', id: string, name: string, planLevel: PlanLevel, canSealDocuments: boolean, maxDocuments: number | null, maxCredentials: number | null, maxTeamMembers: number | null, sealsThisPeriod: number }, subscription: { __typename: 'SubscriptionStatus', planLevel: PlanLevel, status: string, trialEnd: string | null, currentPeriodEnd: string | null, cancelAtPeriodEnd: boolean } | null, myOrganizations: Array<{ __typename: 'OrganizationMembership', id: string, role: string, organization: { __typename: 'Organization', id: string } }>, documentsConnection: { __typename: 'DocumentConnection', totalCount: number }, credentialsConnection: { __typename: 'CredentialConnection', totalCount: number }, organizationMembersConnection: { __typename: 'OrganizationMemberConnection', totalCount: number }, planPrices: Array<{ __typename: 'PlanPrice', planLevel: PlanLevel, interval: BillingInterval, unitAmount: number | null, currency: string }>, invoices: Array<{ __typename: 'Invoice', id: string, number: string | null, status: string | null, amountDue: number, amountPaid: number, currency: string, createdAt: string, hostedInvoiceUrl: string | null, invoicePdf: string | null }> };

export type CheckoutMutationVariables = Exact<{
  input: CreatePaymentIntentInput;
}>;


export type CheckoutMutation = { createPaymentIntent: { __typename: 'PaymentIntentPayload', clientSecret: string | null } | null };

export type SaveCardMutationVariables = Exact<{ [key: string]: never; }>;


export type SaveCardMutation = { createSetupIntent: { __typename: 'SetupIntentPayload', clientSecret: string | null } | null };

export type UpdateSubscriptionMutationVariables = Exact<{
  input: UpdateSubscriptionInput;
}>;


export type UpdateSubscriptionMutation = { updateSubscription: { __typename: 'SubscriptionStatus', planLevel: PlanLevel, status: string, currentPeriodEnd: string | null, cancelAtPeriodEnd: boolean, trialEnd: string | null } | null };

export type ChatDocumentsQueryVariables = Exact<{ [key: string]: never; }>;


export type ChatDocumentsQuery = { documentsConnection: { __typename: 'DocumentConnection', edges: Array<{ __typename: 'DocumentEdge', node: { __typename: 'Document', id: string, name: string, versionCount: number } }> } };

export type CreateChatSessionMutationVariables = Exact<{
  input: CreateChatSessionInput;
}>;


export type CreateChatSessionMutation = { createChatSession: { __typename: 'ChatSession', id: string, title: string } | null };

export type SendChatMessageMutationVariables = Exact<{
  sessionId: string;
  content: string;
}>;


export type SendChatMessageMutation = { sendChatMessage: { __typename: 'ChatMessage', id: string, role: ChatMessageRole, content: string, tokenCount: number } | null };

export type MeConfirmationQueryVariables = Exact<{ [key: string]: never; }>;


export type MeConfirmationQuery = { me: { __typename: 'User', id: string, email: string, confirmedAt: string | null } };

export type ResendConfirmationMutationVariables = Exact<{ [key: string]: never; }>;


export type ResendConfirmationMutation = { resendConfirmation: boolean };

export type SuspendCredentialMutationVariables = Exact<{
  id: string;
  reason?: string | null | undefined;
}>;


export type SuspendCredentialMutation = { suspendCredential: { __typename: 'Credential', id: string, canSeal: boolean, suspendedAt: string | null, suspensionReason: string | null } | null };

export type ReinstateCredentialMutationVariables = Exact<{
  id: string;
}>;


export type ReinstateCredentialMutation = { reinstateCredential: { __typename: 'Credential', id: string, canSeal: boolean, suspendedAt: string | null, suspensionReason: string | null } | null };

export type DeleteCredentialMutationVariables = Exact<{
  id: string;
  releaseLicense?: boolean | null | undefined;
}>;


export type DeleteCredentialMutation = { deleteCredential: { __typename: 'DeleteResult', id: string } };

export type CredentialStandingFragment = { __typename: 'Credential', id: string, displayName: string, licenseNumber: string, regionCode: string, suspendedAt: string | null, suspensionReason: string | null, disputedAt: string | null, isMine: boolean };

export type CredentialFieldsFragment = { __typename: 'Credential', id: string, displayName: string, licenseNumber: string, licenseType: string, regionCode: string, status: CredentialStatus, canSeal: boolean, isExpired: boolean, expirationDate: string | null, rejectionReason: string | null, verificationMethod: VerificationMethod, stampSvg: string, suspendedAt: string | null, suspensionReason: string | null, disputedAt: string | null, isMine: boolean };

export type CredentialsQueryVariables = Exact<{ [key: string]: never; }>;


export type CredentialsQuery = { credentialsConnection: { __typename: 'CredentialConnection', edges: Array<{ __typename: 'CredentialEdge', node: { __typename: 'Credential', id: string, displayName: string, licenseNumber: string, licenseType: string, regionCode: string, status: CredentialStatus, canSeal: boolean, isExpired: boolean, expirationDate: string | null, rejectionReason: string | null, verificationMethod: VerificationMethod, stampSvg: string, suspendedAt: string | null, suspensionReason: string | null, disputedAt: string | null, isMine: boolean } }> }, signingCertificates: Array<{ __typename: 'SigningCertificate', id: string, name: string, commonName: string, issuerCn: string, issuedByServiceCa: boolean, expiresAt: string, isDefault: boolean, status: SigningCertificateStatus }>, organization: { __typename: 'Organization', id: string, planLevel: PlanLevel, maxCredentials: number | null }, subscription: { __typename: 'SubscriptionStatus', status: string } | null, myOrganizations: Array<{ __typename: 'OrganizationMembership', id: string, role: string, organization: { __typename: 'Organization', id: string } }> };

export type CreateCredentialMutationVariables = Exact<{
  input: CreateCredentialInput;
}>;


export type CreateCredentialMutation = { createCredential: { __typename: 'Credential', id: string, displayName: string, licenseNumber: string, licenseType: string, regionCode: string, status: CredentialStatus, canSeal: boolean, isExpired: boolean, expirationDate: string | null, rejectionReason: string | null, verificationMethod: VerificationMethod, stampSvg: string, suspendedAt: string | null, suspensionReason: string | null, disputedAt: string | null, isMine: boolean } | null };

export type DirectoryQueryVariables = Exact<{
  professionSlug: string;
  stateCode?: string | null | undefined;
  query?: string | null | undefined;
}>;


export type DirectoryQuery = { searchProfessionals: { __typename: 'DirectoryPage', totalCount: number, professionals: Array<{ __typename: 'ProfessionalSummary', id: string, fullName: string, licenseNumber: string, licenseStatus: string, professionName: string, stateCode: string }> } | null };

export type ClaimMutationVariables = Exact<{
  id: string;
}>;


export type ClaimMutation = { claimProfessional: { __typename: 'Credential', id: string, displayName: string, licenseNumber: string, licenseType: string, regionCode: string, status: CredentialStatus, canSeal: boolean, isExpired: boolean, expirationDate: string | null, rejectionReason: string | null, verificationMethod: VerificationMethod, stampSvg: string, suspendedAt: string | null, suspensionReason: string | null, disputedAt: string | null, isMine: boolean } | null };

export type ExportMutationVariables = Exact<{
  id: string;
  format: StampExportFormat;
}>;


export type ExportMutation = { exportCredentialStamp: { __typename: 'StampExport', filename: string, contentType: string, data: string } | null };

export type RequestCertificateMutationVariables = Exact<{
  input: RequestSigningCertificateInput;
}>;


export type RequestCertificateMutation = { requestSigningCertificate: { __typename: 'SigningCertificate', id: string, name: string, isDefault: boolean } | null };

export type SetDefaultMutationVariables = Exact<{
  id: string;
}>;


export type SetDefaultMutation = { setDefaultCertificate: { __typename: 'SigningCertificate', id: string, isDefault: boolean } | null };

export type UploadCertificateMutationVariables = Exact<{
  input: UploadSigningCertificateInput;
}>;


export type UploadCertificateMutation = { uploadSigningCertificate: { __typename: 'SigningCertificate', id: string, name: string } | null };

export type UpdateDocumentMutationVariables = Exact<{
  id: string;
  input: UpdateDocumentInput;
}>;


export type UpdateDocumentMutation = { updateDocument: { __typename: 'Document', id: string, name: string, visibility: DocumentVisibility, status: DocumentStatus } | null };

export type MoveDocumentMutationVariables = Exact<{
  id: string;
  folderId?: string | null | undefined;
}>;


export type MoveDocumentMutation = { moveDocument: { __typename: 'Document', id: string, folder: { __typename: 'DocumentFolder', id: string, name: string } | null } | null };

export type DeleteDocumentMutationVariables = Exact<{
  id: string;
}>;


export type DeleteDocumentMutation = { deleteDocument: { __typename: 'DeleteResult', id: string } };

export type UploadDocumentVersionMutationVariables = Exact<{
  input: UploadDocumentVersionInput;
}>;


export type UploadDocumentVersionMutation = { uploadDocumentVersion: { __typename: 'DocumentVersion', id: string, versionNumber: number } | null };

export type MoveTargetsQueryVariables = Exact<{ [key: string]: never; }>;


export type MoveTargetsQuery = { folders: Array<{ __typename: 'DocumentFolder', id: string, name: string, parentId: string | null, documentCount: number, totalDocumentCount: number, children: Array<{ __typename: 'DocumentFolder', id: string, name: string, parentId: string | null, documentCount: number, totalDocumentCount: number, children: Array<{ __typename: 'DocumentFolder', id: string, name: string, parentId: string | null, documentCount: number, totalDocumentCount: number }> }> }> };

export type DocumentAuditTrailQueryVariables = Exact<{
  id: string;
}>;


export type DocumentAuditTrailQuery = { document: { __typename: 'Document', id: string, auditTrail: Array<{ __typename: 'DocumentEvent', id: string, type: DocumentEventType, occurredAt: string, actorName: string | null, clientAddress: string | null, details: string }> | null } | null };

export type DocumentDetailQueryVariables = Exact<{
  id: string;
}>;


export type DocumentDetailQuery = { document: { __typename: 'Document', id: string, name: string, status: DocumentStatus, visibility: DocumentVisibility, versionCount: number, downloadUrl: string | null, folder: { __typename: 'DocumentFolder', id: string, name: string } | null, versions: Array<{ __typename: 'DocumentVersion', id: string, versionNumber: number, fileHash: string, insertedAt: string, notes: string | null, downloadUrl: string | null, thumbnailUrl: string | null, seal: { __typename: 'Seal', id: string, verificationCode: string, verificationUrl: string, sealedAt: string, pkiSigned: boolean, signingCertificate: { __typename: 'SigningCertificate', id: string, issuedByServiceCa: boolean } | null } | null }> } | null };

export type SealMutationVariables = Exact<{
  input: SealDocumentInput;
}>;


export type SealMutation = { sealDocument: { __typename: 'Seal', id: string, verificationCode: string, verificationUrl: string, documentHash: string, pkiSigned: boolean, signingCertificate: { __typename: 'SigningCertificate', id: string, issuedByServiceCa: boolean } | null } | null };

export type PdfResultFieldsFragment = { __typename: 'PdfOperationResult', pageCount: number, operationsApplied: number, fieldsFilled: number, pagesWatermarked: number, document: { __typename: 'Document', id: string, name: string, versionCount: number, downloadUrl: string | null } | null };

export type PdfDetailsQueryVariables = Exact<{
  id: string;
}>;


export type PdfDetailsQuery = { pdfInfo: { __typename: 'PdfInfo', version: string | null, fileSize: number, pageCount: number, isLinearized: boolean, isEncrypted: boolean, pageSizes: Array<{ __typename: 'PdfPageSize', page: number, width: number, height: number, rotation: number }> } | null, pdfMetadata: { __typename: 'PdfMetadata', title: string | null, author: string | null, subject: string | null, keywords: string | null, creator: string | null, producer: string | null, creationDate: string | null, modificationDate: string | null, hasForms: boolean } | null };

export type PdfTextOfQueryVariables = Exact<{
  id: string;
}>;


export type PdfTextOfQuery = { pdfText: { __typename: 'PdfTextResult', pageCount: number, text: string } | null };

export type ExtractPdfPagesMutationVariables = Exact<{
  input: ExtractPagesInput;
}>;


export type ExtractPdfPagesMutation = { extractPages: { __typename: 'PdfOperationResult', pageCount: number, operationsApplied: number, fieldsFilled: number, pagesWatermarked: number, document: { __typename: 'Document', id: string, name: string, versionCount: number, downloadUrl: string | null } | null } | null };

export type MovePdfPageMutationVariables = Exact<{
  input: MovePdfPageInput;
}>;


export type MovePdfPageMutation = { movePdfPage: { __typename: 'PdfOperationResult', pageCount: number, operationsApplied: number, fieldsFilled: number, pagesWatermarked: number, document: { __typename: 'Document', id: string, name: string, versionCount: number, downloadUrl: string | null } | null } | null };

export type AddPdfPageMutationVariables = Exact<{
  input: AddPageInput;
}>;


export type AddPdfPageMutation = { addPdfPage: { __typename: 'PdfOperationResult', pageCount: number, operationsApplied: number, fieldsFilled: number, pagesWatermarked: number, document: { __typename: 'Document', id: string, name: string, versionCount: number, downloadUrl: string | null } | null } | null };

export type AddPdfWatermarkMutationVariables = Exact<{
  input: WatermarkInput;
}>;


export type AddPdfWatermarkMutation = { addPdfWatermark: { __typename: 'PdfOperationResult', pageCount: number, operationsApplied: number, fieldsFilled: number, pagesWatermarked: number, document: { __typename: 'Document', id: string, name: string, versionCount: number, downloadUrl: string | null } | null } | null };

export type FillPdfFormMutationVariables = Exact<{
  input: FillFormInput;
}>;


export type FillPdfFormMutation = { fillPdfForm: { __typename: 'PdfOperationResult', pageCount: number, operationsApplied: number, fieldsFilled: number, pagesWatermarked: number, document: { __typename: 'Document', id: string, name: string, versionCount: number, downloadUrl: string | null } | null } | null };

export type FlattenPdfFormMutationVariables = Exact<{
  documentId: string;
}>;


export type FlattenPdfFormMutation = { flattenPdfForm: { __typename: 'PdfOperationResult', pageCount: number, operationsApplied: number, fieldsFilled: number, pagesWatermarked: number, document: { __typename: 'Document', id: string, name: string, versionCount: number, downloadUrl: string | null } | null } | null };

export type ViewedDocumentQueryVariables = Exact<{
  id: string;
}>;


export type ViewedDocumentQuery = { document: { __typename: 'Document', id: string, name: string, downloadUrl: string | null } | null };

export type FolderFieldsFragment = { __typename: 'DocumentFolder', id: string, name: string, parentId: string | null, documentCount: number, totalDocumentCount: number };

export type DocumentLimitQueryVariables = Exact<{ [key: string]: never; }>;


export type DocumentLimitQuery = { organization: { __typename: 'Organization', id: string, planLevel: PlanLevel, maxDocuments: number | null }, subscription: { __typename: 'SubscriptionStatus', status: string } | null, documentsConnection: { __typename: 'DocumentConnection', totalCount: number } };

export type FoldersQueryVariables = Exact<{ [key: string]: never; }>;


export type FoldersQuery = { folders: Array<{ __typename: 'DocumentFolder', id: string, name: string, parentId: string | null, documentCount: number, totalDocumentCount: number, children: Array<{ __typename: 'DocumentFolder', id: string, name: string, parentId: string | null, documentCount: number, totalDocumentCount: number, children: Array<{ __typename: 'DocumentFolder', id: string, name: string, parentId: string | null, documentCount: number, totalDocumentCount: number }> }> }> };

export type SubfoldersQueryVariables = Exact<{
  parentId: string;
}>;


export type SubfoldersQuery = { folders: Array<{ __typename: 'DocumentFolder', id: string, name: string, parentId: string | null, documentCount: number, totalDocumentCount: number, children: Array<{ __typename: 'DocumentFolder', id: string, name: string, parentId: string | null, documentCount: number, totalDocumentCount: number, children: Array<{ __typename: 'DocumentFolder', id: string, name: string, parentId: string | null, documentCount: number, totalDocumentCount: number }> }> }> };

export type DocumentsQueryVariables = Exact<{
  folderId?: string | null | undefined;
  after?: string | null | undefined;
  first: number;
  search?: string | null | undefined;
  orderBy?: DocumentOrder | null | undefined;
  status?: DocumentStatus | null | undefined;
}>;


export type DocumentsQuery = { documentsConnection: { __typename: 'DocumentConnection', totalCount: number, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor: string | null }, edges: Array<{ __typename: 'DocumentEdge', node: { __typename: 'Document', id: string, name: string, status: DocumentStatus, versionCount: number, downloadUrl: string | null, thumbnailUrl: string | null, insertedAt: string, updatedAt: string, folder: { __typename: 'DocumentFolder', id: string, name: string } | null } }> } };

export type InviteByEmailMutationVariables = Exact<{
  input: InviteOrganizationMemberInput;
}>;


export type InviteByEmailMutation = { inviteOrganizationMember: boolean };

export type CreateFolderMutationVariables = Exact<{
  input: CreateFolderInput;
}>;


export type CreateFolderMutation = { createFolder: { __typename: 'DocumentFolder', id: string, name: string } | null };

export type UpdateFolderMutationVariables = Exact<{
  id: string;
  input: UpdateFolderInput;
}>;


export type UpdateFolderMutation = { updateFolder: { __typename: 'DocumentFolder', id: string, name: string, parentId: string | null } | null };

export type DeleteFolderMutationVariables = Exact<{
  id: string;
}>;


export type DeleteFolderMutation = { deleteFolder: { __typename: 'DeleteResult', id: string } };

export type VerificationFieldsFragment = { __typename: 'IdentityVerification', id: string, method: IdentityVerificationMethod, status: IdentityVerificationStatus, legalName: string | null, note: string | null, rejectionReason: string | null, decidedAt: string | null, insertedAt: string };

export type IdentitySettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type IdentitySettingsQuery = { me: { __typename: 'User', id: string, displayName: string | null, role: string, identityAssurance: IdentityAssurance, legalName: string | null, identityVerifiedAt: string | null, identityVerification: { __typename: 'IdentityVerification', id: string, method: IdentityVerificationMethod, status: IdentityVerificationStatus, legalName: string | null, note: string | null, rejectionReason: string | null, decidedAt: string | null, insertedAt: string } | null } };

export type StartIdentityVerificationMutationVariables = Exact<{
  input?: StartIdentityVerificationInput | null | undefined;
}>;


export type StartIdentityVerificationMutation = { startIdentityVerification: { __typename: 'IdentityVerificationSession', url: string | null, verification: { __typename: 'IdentityVerification', id: string, method: IdentityVerificationMethod, status: IdentityVerificationStatus, legalName: string | null, note: string | null, rejectionReason: string | null, decidedAt: string | null, insertedAt: string } } | null };

export type IdentityQueueQueryVariables = Exact<{
  status?: IdentityVerificationStatus | null | undefined;
}>;


export type IdentityQueueQuery = { identityVerifications: Array<{ __typename: 'IdentityVerification', id: string, status: IdentityVerificationStatus, legalName: string | null, note: string | null, rejectionReason: string | null, insertedAt: string, decidedAt: string | null, user: { __typename: 'User', id: string, email: string, displayName: string | null, identityAssurance: IdentityAssurance }, reviewer: { __typename: 'User', id: string, email: string, displayName: string | null } | null }> };

export type ReviewIdentityVerificationMutationVariables = Exact<{
  input: ReviewIdentityVerificationInput;
}>;


export type ReviewIdentityVerificationMutation = { reviewIdentityVerification: { __typename: 'IdentityVerification', id: string, status: IdentityVerificationStatus, legalName: string | null, rejectionReason: string | null, decidedAt: string | null } | null };

export type MergePdfsMutationVariables = Exact<{
  input: MergePdfsInput;
}>;


export type MergePdfsMutation = { mergePdfs: { __typename: 'PdfOperationResult', pageCount: number, document: { __typename: 'Document', id: string, name: string } | null } | null };

export type OnboardingQueryVariables = Exact<{ [key: string]: never; }>;


export type OnboardingQuery = { me: { __typename: 'User', id: string, onboarding: { __typename: 'Onboarding', licenseAdded: boolean, drawingUploaded: boolean, documentSealed: boolean, verifyLinkShared: boolean, complete: boolean, dismissedAt: string | null, draftDocumentId: string | null, shareUrl: string | null } | null } };

export type DismissOnboardingMutationVariables = Exact<{ [key: string]: never; }>;


export type DismissOnboardingMutation = { updateProfile: { __typename: 'User', id: string } | null };

export type VerifyMemberIdentityMutationVariables = Exact<{
  input: VerifyMemberIdentityInput;
}>;


export type VerifyMemberIdentityMutation = { verifyMemberIdentity: { __typename: 'IdentityVerification', id: string, status: IdentityVerificationStatus, legalName: string | null, user: { __typename: 'User', id: string, identityAssurance: IdentityAssurance, legalName: string | null } } | null };

export type UpdateOrganizationSettingsMutationVariables = Exact<{
  input: UpdateOrganizationSettingsInput;
}>;


export type UpdateOrganizationSettingsMutation = { updateOrganizationSettings: { __typename: 'Organization', id: string, requireVerifiedIdentity: boolean } | null };

export type MemberIdentityFragment = { __typename: 'User', id: string, email: string, displayName: string | null, identityAssurance: IdentityAssurance, legalName: string | null };

export type OrganizationPageQueryVariables = Exact<{ [key: string]: never; }>;


export type OrganizationPageQuery = { me: { __typename: 'User', id: string, identityAssurance: IdentityAssurance }, organization: { __typename: 'Organization', id: string, name: string, slug: string, planLevel: PlanLevel, maxTeamMembers: number | null, requireVerifiedIdentity: boolean }, subscription: { __typename: 'SubscriptionStatus', status: string } | null, myOrganizations: Array<{ __typename: 'OrganizationMembership', id: string, role: string, isPrimaryOrg: boolean, organization: { __typename: 'Organization', id: string, name: string, planLevel: PlanLevel } }>, organizationMembersConnection: { __typename: 'OrganizationMemberConnection', totalCount: number, edges: Array<{ __typename: 'OrganizationMemberEdge', node: { __typename: 'OrganizationMember', id: string, role: string, insertedAt: string, user: { __typename: 'User', id: string, email: string, displayName: string | null, identityAssurance: IdentityAssurance, legalName: string | null } } }> } };

export type UpsertMemberMutationVariables = Exact<{
  input: UpsertOrganizationMemberInput;
}>;


export type UpsertMemberMutation = { upsertOrganizationMember: { __typename: 'OrganizationMember', id: string, role: string, user: { __typename: 'User', id: string, email: string, displayName: string | null } } | null };

export type RemoveMemberMutationVariables = Exact<{
  id: string;
}>;


export type RemoveMemberMutation = { removeOrganizationMember: { __typename: 'DeleteResult', id: string } };

export type SetPrimaryMutationVariables = Exact<{
  organizationId: string;
}>;


export type SetPrimaryMutation = { setPrimaryOrganization: { __typename: 'OrganizationMembership', id: string, isPrimaryOrg: boolean } | null };

export type SetupOrganizationMutationVariables = Exact<{
  input: SetupOrganizationInput;
}>;


export type SetupOrganizationMutation = { setupOrganization: { __typename: 'Organization', id: string, name: string } | null };

export type SealOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type SealOptionsQuery = { credentialsConnection: { __typename: 'CredentialConnection', edges: Array<{ __typename: 'CredentialEdge', node: { __typename: 'Credential', id: string, displayName: string, licenseType: string, licenseNumber: string, regionCode: string, canSeal: boolean, stampSvg: string } }> }, signingCertificates: Array<{ __typename: 'SigningCertificate', id: string, name: string, isDefault: boolean, status: SigningCertificateStatus }> };

export type SealsQueryVariables = Exact<{ [key: string]: never; }>;


export type SealsQuery = { sealsConnection: { __typename: 'SealConnection', totalCount: number, edges: Array<{ __typename: 'SealEdge', node: { __typename: 'Seal', id: string, verificationCode: string, verificationUrl: string, sealedAt: string, pkiSigned: boolean, signingCertificate: { __typename: 'SigningCertificate', id: string, issuedByServiceCa: boolean } | null, document: { __typename: 'Document', id: string, name: string } | null, credential: { __typename: 'Credential', id: string, licenseType: string, licenseNumber: string, regionCode: string } | null } }> } };

export type SettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type SettingsQuery = { me: { __typename: 'User', id: string, email: string, displayName: string | null, uiTheme: string, stampExportSize: string, betaFeaturesEnabled: boolean, mfaEnabled: boolean, verificationStatus: string, credentialCount: number }, organization: { __typename: 'Organization', id: string, name: string, planLevel: PlanLevel }, subscription: { __typename: 'SubscriptionStatus', planLevel: PlanLevel, status: string, trialEnd: string | null } | null };

export type UpdateProfileMutationVariables = Exact<{
  input: UpdateProfileInput;
}>;


export type UpdateProfileMutation = { updateProfile: { __typename: 'User', id: string, displayName: string | null, uiTheme: string, stampExportSize: string, betaFeaturesEnabled: boolean } | null };

export type ChangePasswordMutationVariables = Exact<{
  input: ChangePasswordInput;
}>;


export type ChangePasswordMutation = { changePassword: { __typename: 'ChangePasswordResult', success: boolean } | null };

export type SetupMfaMutationVariables = Exact<{ [key: string]: never; }>;


export type SetupMfaMutation = { setupMfa: { __typename: 'MfaSetupPayload', secret: string, otpauthUrl: string, qrCodeSvg: string } | null };

export type EnableMfaMutationVariables = Exact<{
  input: EnableMfaInput;
}>;


export type EnableMfaMutation = { enableMfa: { __typename: 'MfaEnableResult', backupCodes: Array<string>, enabledAt: string } | null };

export type DisableMfaMutationVariables = Exact<{
  code: string;
}>;


export type DisableMfaMutation = { disableMfa: boolean };

export type MeThemeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeThemeQuery = { me: { __typename: 'User', id: string, uiTheme: string } };

export type CreateDocumentMutationVariables = Exact<{
  input: CreateDocumentInput;
}>;


export type CreateDocumentMutation = { createDocument: { __typename: 'Document', id: string, name: string } | null };

export type BatchJobFieldsFragment = { __typename: 'BatchSealJob', id: string, status: BatchSealStatus, totalDocuments: number, completedDocuments: number, failedDocuments: number, cancelledDocuments: number, progressPercent: number, remaining: number, startedAt: string | null, completedAt: string | null, insertedAt: string, credential: { __typename: 'Credential', id: string, displayName: string } | null };

export type BatchJobDetailFieldsFragment = { __typename: 'BatchSealJob', pageMode: PageMode, positionX: number, positionY: number, size: number, footerPosition: FooterPosition, id: string, status: BatchSealStatus, totalDocuments: number, completedDocuments: number, failedDocuments: number, cancelledDocuments: number, progressPercent: number, remaining: number, startedAt: string | null, completedAt: string | null, insertedAt: string, signingCertificate: { __typename: 'SigningCertificate', id: string, name: string, issuedByServiceCa: boolean } | null, credential: { __typename: 'Credential', id: string, displayName: string } | null };

export type BatchJobQueryVariables = Exact<{
  id: string;
  offset: number;
}>;


export type BatchJobQuery = { batchSealJob: { __typename: 'BatchSealJob', pageMode: PageMode, positionX: number, positionY: number, size: number, footerPosition: FooterPosition, id: string, status: BatchSealStatus, totalDocuments: number, completedDocuments: number, failedDocuments: number, cancelledDocuments: number, progressPercent: number, remaining: number, startedAt: string | null, completedAt: string | null, insertedAt: string, items: Array<{ __typename: 'BatchSealItem', id: string, status: BatchSealItemStatus, errorMessage: string | null, processingCompletedAt: string | null, document: { __typename: 'Document', id: string, name: string } | null, seal: { __typename: 'Seal', id: string, verificationCode: string, verificationUrl: string } | null }>, signingCertificate: { __typename: 'SigningCertificate', id: string, name: string, issuedByServiceCa: boolean } | null, credential: { __typename: 'Credential', id: string, displayName: string } | null } | null };

export type BatchJobFailedItemsQueryVariables = Exact<{
  id: string;
  offset: number;
}>;


export type BatchJobFailedItemsQuery = { batchSealJob: { __typename: 'BatchSealJob', pageMode: PageMode, positionX: number, positionY: number, size: number, footerPosition: FooterPosition, id: string, status: BatchSealStatus, totalDocuments: number, completedDocuments: number, failedDocuments: number, cancelledDocuments: number, progressPercent: number, remaining: number, startedAt: string | null, completedAt: string | null, insertedAt: string, items: Array<{ __typename: 'BatchSealItem', id: string, status: BatchSealItemStatus, document: { __typename: 'Document', id: string, name: string } | null }>, signingCertificate: { __typename: 'SigningCertificate', id: string, name: string, issuedByServiceCa: boolean } | null, credential: { __typename: 'Credential', id: string, displayName: string } | null } | null };

export type CreateBatchSealJobMutationVariables = Exact<{
  input: CreateBatchSealInput;
}>;


export type CreateBatchSealJobMutation = { createBatchSealJob: { __typename: 'BatchSealJob', pageMode: PageMode, positionX: number, positionY: number, size: number, footerPosition: FooterPosition, id: string, status: BatchSealStatus, totalDocuments: number, completedDocuments: number, failedDocuments: number, cancelledDocuments: number, progressPercent: number, remaining: number, startedAt: string | null, completedAt: string | null, insertedAt: string, signingCertificate: { __typename: 'SigningCertificate', id: string, name: string, issuedByServiceCa: boolean } | null, credential: { __typename: 'Credential', id: string, displayName: string } | null } | null };

export type CancelBatchSealJobMutationVariables = Exact<{
  id: string;
}>;


export type CancelBatchSealJobMutation = { cancelBatchSealJob: { __typename: 'BatchSealJob', pageMode: PageMode, positionX: number, positionY: number, size: number, footerPosition: FooterPosition, id: string, status: BatchSealStatus, totalDocuments: number, completedDocuments: number, failedDocuments: number, cancelledDocuments: number, progressPercent: number, remaining: number, startedAt: string | null, completedAt: string | null, insertedAt: string, signingCertificate: { __typename: 'SigningCertificate', id: string, name: string, issuedByServiceCa: boolean } | null, credential: { __typename: 'Credential', id: string, displayName: string } | null } | null };

export type UploadMutationVariables = Exact<{
  file: File;
}>;


export type UploadMutation = { uploadFile: { __typename: 'UploadedFile', fileHash: string } | null };

export const CredentialStandingFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CredentialStanding"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Credential"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"licenseNumber"}},{"kind":"Field","name":{"kind":"Name","value":"regionCode"}},{"kind":"Field","name":{"kind":"Name","value":"suspendedAt"}},{"kind":"Field","name":{"kind":"Name","value":"suspensionReason"}},{"kind":"Field","name":{"kind":"Name","value":"disputedAt"}},{"kind":"Field","name":{"kind":"Name","value":"isMine"}}]}}]} as unknown as DocumentNode<CredentialStandingFragment, unknown>;
export const CredentialFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CredentialFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Credential"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"licenseNumber"}},{"kind":"Field","name":{"kind":"Name","value":"licenseType"}},{"kind":"Field","name":{"kind":"Name","value":"regionCode"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"canSeal"}},{"kind":"Field","name":{"kind":"Name","value":"isExpired"}},{"kind":"Field","name":{"kind":"Name","value":"expirationDate"}},{"kind":"Field","name":{"kind":"Name","value":"rejectionReason"}},{"kind":"Field","name":{"kind":"Name","value":"verificationMethod"}},{"kind":"Field","name":{"kind":"Name","value":"stampSvg"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"CredentialStanding"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CredentialStanding"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Credential"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"licenseNumber"}},{"kind":"Field","name":{"kind":"Name","value":"regionCode"}},{"kind":"Field","name":{"kind":"Name","value":"suspendedAt"}},{"kind":"Field","name":{"kind":"Name","value":"suspensionReason"}},{"kind":"Field","name":{"kind":"Name","value":"disputedAt"}},{"kind":"Field","name":{"kind":"Name","value":"isMine"}}]}}]} as unknown as DocumentNode<CredentialFieldsFragment, unknown>;
export const PdfResultFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PdfResultFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PdfOperationResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageCount"}},{"kind":"Field","name":{"kind":"Name","value":"operationsApplied"}},{"kind":"Field","name":{"kind":"Name","value":"fieldsFilled"}},{"kind":"Field","name":{"kind":"Name","value":"pagesWatermarked"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"versionCount"}},{"kind":"Field","name":{"kind":"Name","value":"downloadUrl"}}]}}]}}]} as unknown as DocumentNode<PdfResultFieldsFragment, unknown>;
export const FolderFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentFolder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"documentCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalDocumentCount"}}]}}]} as unknown as DocumentNode<FolderFieldsFragment, unknown>;
export const VerificationFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VerificationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"IdentityVerification"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"legalName"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"rejectionReason"}},{"kind":"Field","name":{"kind":"Name","value":"decidedAt"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}}]}}]} as unknown as DocumentNode<VerificationFieldsFragment, unknown>;
export const MemberIdentityFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MemberIdentity"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"identityAssurance"}},{"kind":"Field","name":{"kind":"Name","value":"legalName"}}]}}]} as unknown as DocumentNode<MemberIdentityFragment, unknown>;
export const BatchJobFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchJobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchSealJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"totalDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"completedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"failedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"progressPercent"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}},{"kind":"Field","name":{"kind":"Name","value":"credential"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]} as unknown as DocumentNode<BatchJobFieldsFragment, unknown>;
export const BatchJobDetailFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchJobDetailFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchSealJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchJobFields"}},{"kind":"Field","name":{"kind":"Name","value":"pageMode"}},{"kind":"Field","name":{"kind":"Name","value":"positionX"}},{"kind":"Field","name":{"kind":"Name","value":"positionY"}},{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"footerPosition"}},{"kind":"Field","name":{"kind":"Name","value":"signingCertificate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"issuedByServiceCa"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchJobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchSealJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"totalDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"completedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"failedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"progressPercent"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}},{"kind":"Field","name":{"kind":"Name","value":"credential"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]} as unknown as DocumentNode<BatchJobDetailFieldsFragment, unknown>;
export const BatchJobsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BatchJobs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchSealJobsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchJobFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchJobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchSealJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"totalDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"completedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"failedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"progressPercent"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}},{"kind":"Field","name":{"kind":"Name","value":"credential"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]} as unknown as DocumentNode<BatchJobsQuery, BatchJobsQueryVariables>;
export const ActiveBatchJobsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ActiveBatchJobs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"processing"},"name":{"kind":"Name","value":"batchSealJobsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"PROCESSING"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchJobFields"}}]}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"pending"},"name":{"kind":"Name","value":"batchSealJobsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"PENDING"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchJobFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchJobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchSealJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"totalDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"completedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"failedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"progressPercent"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}},{"kind":"Field","name":{"kind":"Name","value":"credential"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]} as unknown as DocumentNode<ActiveBatchJobsQuery, ActiveBatchJobsQueryVariables>;
export const BatchJobSummaryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BatchJobSummary"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchSealJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchJobFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchJobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchSealJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"totalDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"completedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"failedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"progressPercent"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}},{"kind":"Field","name":{"kind":"Name","value":"credential"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]} as unknown as DocumentNode<BatchJobSummaryQuery, BatchJobSummaryQueryVariables>;
export const BillingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Billing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"planLevel"}},{"kind":"Field","name":{"kind":"Name","value":"canSealDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"maxDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"maxCredentials"}},{"kind":"Field","name":{"kind":"Name","value":"maxTeamMembers"}},{"kind":"Field","name":{"kind":"Name","value":"sealsThisPeriod"}}]}},{"kind":"Field","name":{"kind":"Name","value":"subscription"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"planLevel"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"trialEnd"}},{"kind":"Field","name":{"kind":"Name","value":"currentPeriodEnd"}},{"kind":"Field","name":{"kind":"Name","value":"cancelAtPeriodEnd"}}]}},{"kind":"Field","name":{"kind":"Name","value":"myOrganizations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"50"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"documentsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"credentialsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"organizationMembersConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"planPrices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"planLevel"}},{"kind":"Field","name":{"kind":"Name","value":"interval"}},{"kind":"Field","name":{"kind":"Name","value":"unitAmount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}},{"kind":"Field","name":{"kind":"Name","value":"invoices"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"12"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amountDue"}},{"kind":"Field","name":{"kind":"Name","value":"amountPaid"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"hostedInvoiceUrl"}},{"kind":"Field","name":{"kind":"Name","value":"invoicePdf"}}]}}]}}]} as unknown as DocumentNode<BillingQuery, BillingQueryVariables>;
export const CheckoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Checkout"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreatePaymentIntentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createPaymentIntent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clientSecret"}}]}}]}}]} as unknown as DocumentNode<CheckoutMutation, CheckoutMutationVariables>;
export const SaveCardDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SaveCard"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSetupIntent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clientSecret"}}]}}]}}]} as unknown as DocumentNode<SaveCardMutation, SaveCardMutationVariables>;
export const UpdateSubscriptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateSubscription"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateSubscriptionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"planLevel"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"currentPeriodEnd"}},{"kind":"Field","name":{"kind":"Name","value":"cancelAtPeriodEnd"}},{"kind":"Field","name":{"kind":"Name","value":"trialEnd"}}]}}]}}]} as unknown as DocumentNode<UpdateSubscriptionMutation, UpdateSubscriptionMutationVariables>;
export const ChatDocumentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ChatDocuments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"versionCount"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ChatDocumentsQuery, ChatDocumentsQueryVariables>;
export const CreateChatSessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateChatSession"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateChatSessionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createChatSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]} as unknown as DocumentNode<CreateChatSessionMutation, CreateChatSessionMutationVariables>;
export const SendChatMessageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SendChatMessage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sessionId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"content"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendChatMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"sessionId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sessionId"}}},{"kind":"Argument","name":{"kind":"Name","value":"content"},"value":{"kind":"Variable","name":{"kind":"Name","value":"content"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"tokenCount"}}]}}]}}]} as unknown as DocumentNode<SendChatMessageMutation, SendChatMessageMutationVariables>;
export const MeConfirmationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MeConfirmation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"confirmedAt"}}]}}]}}]} as unknown as DocumentNode<MeConfirmationQuery, MeConfirmationQueryVariables>;
export const ResendConfirmationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResendConfirmation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resendConfirmation"}}]}}]} as unknown as DocumentNode<ResendConfirmationMutation, ResendConfirmationMutationVariables>;
export const SuspendCredentialDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SuspendCredential"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"reason"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"suspendCredential"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"reason"},"value":{"kind":"Variable","name":{"kind":"Name","value":"reason"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"canSeal"}},{"kind":"Field","name":{"kind":"Name","value":"suspendedAt"}},{"kind":"Field","name":{"kind":"Name","value":"suspensionReason"}}]}}]}}]} as unknown as DocumentNode<SuspendCredentialMutation, SuspendCredentialMutationVariables>;
export const ReinstateCredentialDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReinstateCredential"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reinstateCredential"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"canSeal"}},{"kind":"Field","name":{"kind":"Name","value":"suspendedAt"}},{"kind":"Field","name":{"kind":"Name","value":"suspensionReason"}}]}}]}}]} as unknown as DocumentNode<ReinstateCredentialMutation, ReinstateCredentialMutationVariables>;
export const DeleteCredentialDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteCredential"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"releaseLicense"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteCredential"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"releaseLicense"},"value":{"kind":"Variable","name":{"kind":"Name","value":"releaseLicense"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<DeleteCredentialMutation, DeleteCredentialMutationVariables>;
export const CredentialsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Credentials"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"credentialsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CredentialFields"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"signingCertificates"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"commonName"}},{"kind":"Field","name":{"kind":"Name","value":"issuerCn"}},{"kind":"Field","name":{"kind":"Name","value":"issuedByServiceCa"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"planLevel"}},{"kind":"Field","name":{"kind":"Name","value":"maxCredentials"}}]}},{"kind":"Field","name":{"kind":"Name","value":"subscription"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"myOrganizations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"50"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CredentialStanding"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Credential"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"licenseNumber"}},{"kind":"Field","name":{"kind":"Name","value":"regionCode"}},{"kind":"Field","name":{"kind":"Name","value":"suspendedAt"}},{"kind":"Field","name":{"kind":"Name","value":"suspensionReason"}},{"kind":"Field","name":{"kind":"Name","value":"disputedAt"}},{"kind":"Field","name":{"kind":"Name","value":"isMine"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CredentialFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Credential"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"licenseNumber"}},{"kind":"Field","name":{"kind":"Name","value":"licenseType"}},{"kind":"Field","name":{"kind":"Name","value":"regionCode"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"canSeal"}},{"kind":"Field","name":{"kind":"Name","value":"isExpired"}},{"kind":"Field","name":{"kind":"Name","value":"expirationDate"}},{"kind":"Field","name":{"kind":"Name","value":"rejectionReason"}},{"kind":"Field","name":{"kind":"Name","value":"verificationMethod"}},{"kind":"Field","name":{"kind":"Name","value":"stampSvg"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"CredentialStanding"}}]}}]} as unknown as DocumentNode<CredentialsQuery, CredentialsQueryVariables>;
export const CreateCredentialDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateCredential"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCredentialInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCredential"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CredentialFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CredentialStanding"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Credential"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"licenseNumber"}},{"kind":"Field","name":{"kind":"Name","value":"regionCode"}},{"kind":"Field","name":{"kind":"Name","value":"suspendedAt"}},{"kind":"Field","name":{"kind":"Name","value":"suspensionReason"}},{"kind":"Field","name":{"kind":"Name","value":"disputedAt"}},{"kind":"Field","name":{"kind":"Name","value":"isMine"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CredentialFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Credential"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"licenseNumber"}},{"kind":"Field","name":{"kind":"Name","value":"licenseType"}},{"kind":"Field","name":{"kind":"Name","value":"regionCode"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"canSeal"}},{"kind":"Field","name":{"kind":"Name","value":"isExpired"}},{"kind":"Field","name":{"kind":"Name","value":"expirationDate"}},{"kind":"Field","name":{"kind":"Name","value":"rejectionReason"}},{"kind":"Field","name":{"kind":"Name","value":"verificationMethod"}},{"kind":"Field","name":{"kind":"Name","value":"stampSvg"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"CredentialStanding"}}]}}]} as unknown as DocumentNode<CreateCredentialMutation, CreateCredentialMutationVariables>;
export const DirectoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Directory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"professionSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"stateCode"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"searchProfessionals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"professionSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"professionSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"stateCode"},"value":{"kind":"Variable","name":{"kind":"Name","value":"stateCode"}}},{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"perPage"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"professionals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fullName"}},{"kind":"Field","name":{"kind":"Name","value":"licenseNumber"}},{"kind":"Field","name":{"kind":"Name","value":"licenseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"professionName"}},{"kind":"Field","name":{"kind":"Name","value":"stateCode"}}]}}]}}]}}]} as unknown as DocumentNode<DirectoryQuery, DirectoryQueryVariables>;
export const ClaimDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Claim"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"claimProfessional"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"professionalId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CredentialFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CredentialStanding"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Credential"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"licenseNumber"}},{"kind":"Field","name":{"kind":"Name","value":"regionCode"}},{"kind":"Field","name":{"kind":"Name","value":"suspendedAt"}},{"kind":"Field","name":{"kind":"Name","value":"suspensionReason"}},{"kind":"Field","name":{"kind":"Name","value":"disputedAt"}},{"kind":"Field","name":{"kind":"Name","value":"isMine"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CredentialFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Credential"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"licenseNumber"}},{"kind":"Field","name":{"kind":"Name","value":"licenseType"}},{"kind":"Field","name":{"kind":"Name","value":"regionCode"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"canSeal"}},{"kind":"Field","name":{"kind":"Name","value":"isExpired"}},{"kind":"Field","name":{"kind":"Name","value":"expirationDate"}},{"kind":"Field","name":{"kind":"Name","value":"rejectionReason"}},{"kind":"Field","name":{"kind":"Name","value":"verificationMethod"}},{"kind":"Field","name":{"kind":"Name","value":"stampSvg"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"CredentialStanding"}}]}}]} as unknown as DocumentNode<ClaimMutation, ClaimMutationVariables>;
export const ExportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Export"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"format"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"StampExportFormat"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exportCredentialStamp"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"format"},"value":{"kind":"Variable","name":{"kind":"Name","value":"format"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"contentType"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}}]} as unknown as DocumentNode<ExportMutation, ExportMutationVariables>;
export const RequestCertificateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RequestCertificate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RequestSigningCertificateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requestSigningCertificate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}}]}}]}}]} as unknown as DocumentNode<RequestCertificateMutation, RequestCertificateMutationVariables>;
export const SetDefaultDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetDefault"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setDefaultCertificate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}}]}}]}}]} as unknown as DocumentNode<SetDefaultMutation, SetDefaultMutationVariables>;
export const UploadCertificateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UploadCertificate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UploadSigningCertificateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uploadSigningCertificate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<UploadCertificateMutation, UploadCertificateMutationVariables>;
export const UpdateDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateDocumentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<UpdateDocumentMutation, UpdateDocumentMutationVariables>;
export const MoveDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MoveDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"folderId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"moveDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"folderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"folderId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"folder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<MoveDocumentMutation, MoveDocumentMutationVariables>;
export const DeleteDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<DeleteDocumentMutation, DeleteDocumentMutationVariables>;
export const UploadDocumentVersionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UploadDocumentVersion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UploadDocumentVersionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uploadDocumentVersion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}}]}}]}}]} as unknown as DocumentNode<UploadDocumentVersionMutation, UploadDocumentVersionMutationVariables>;
export const MoveTargetsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MoveTargets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"folders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderFields"}},{"kind":"Field","name":{"kind":"Name","value":"children"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderFields"}},{"kind":"Field","name":{"kind":"Name","value":"children"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentFolder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"documentCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalDocumentCount"}}]}}]} as unknown as DocumentNode<MoveTargetsQuery, MoveTargetsQueryVariables>;
export const DocumentAuditTrailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DocumentAuditTrail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"auditTrail"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"actorName"}},{"kind":"Field","name":{"kind":"Name","value":"clientAddress"}},{"kind":"Field","name":{"kind":"Name","value":"details"}}]}}]}}]}}]} as unknown as DocumentNode<DocumentAuditTrailQuery, DocumentAuditTrailQueryVariables>;
export const DocumentDetailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DocumentDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"versionCount"}},{"kind":"Field","name":{"kind":"Name","value":"downloadUrl"}},{"kind":"Field","name":{"kind":"Name","value":"folder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"versions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"fileHash"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"downloadUrl"}},{"kind":"Field","name":{"kind":"Name","value":"thumbnailUrl"}},{"kind":"Field","name":{"kind":"Name","value":"seal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"verificationCode"}},{"kind":"Field","name":{"kind":"Name","value":"verificationUrl"}},{"kind":"Field","name":{"kind":"Name","value":"sealedAt"}},{"kind":"Field","name":{"kind":"Name","value":"pkiSigned"}},{"kind":"Field","name":{"kind":"Name","value":"signingCertificate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"issuedByServiceCa"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<DocumentDetailQuery, DocumentDetailQueryVariables>;
export const SealDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Seal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SealDocumentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sealDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"verificationCode"}},{"kind":"Field","name":{"kind":"Name","value":"verificationUrl"}},{"kind":"Field","name":{"kind":"Name","value":"documentHash"}},{"kind":"Field","name":{"kind":"Name","value":"pkiSigned"}},{"kind":"Field","name":{"kind":"Name","value":"signingCertificate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"issuedByServiceCa"}}]}}]}}]}}]} as unknown as DocumentNode<SealMutation, SealMutationVariables>;
export const PdfDetailsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PdfDetails"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pdfInfo"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"documentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"fileSize"}},{"kind":"Field","name":{"kind":"Name","value":"pageCount"}},{"kind":"Field","name":{"kind":"Name","value":"isLinearized"}},{"kind":"Field","name":{"kind":"Name","value":"isEncrypted"}},{"kind":"Field","name":{"kind":"Name","value":"pageSizes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"width"}},{"kind":"Field","name":{"kind":"Name","value":"height"}},{"kind":"Field","name":{"kind":"Name","value":"rotation"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pdfMetadata"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"documentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"author"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"keywords"}},{"kind":"Field","name":{"kind":"Name","value":"creator"}},{"kind":"Field","name":{"kind":"Name","value":"producer"}},{"kind":"Field","name":{"kind":"Name","value":"creationDate"}},{"kind":"Field","name":{"kind":"Name","value":"modificationDate"}},{"kind":"Field","name":{"kind":"Name","value":"hasForms"}}]}}]}}]} as unknown as DocumentNode<PdfDetailsQuery, PdfDetailsQueryVariables>;
export const PdfTextOfDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PdfTextOf"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pdfText"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"documentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageCount"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}}]}}]} as unknown as DocumentNode<PdfTextOfQuery, PdfTextOfQueryVariables>;
export const ExtractPdfPagesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ExtractPdfPages"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ExtractPagesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"extractPages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PdfResultFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PdfResultFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PdfOperationResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageCount"}},{"kind":"Field","name":{"kind":"Name","value":"operationsApplied"}},{"kind":"Field","name":{"kind":"Name","value":"fieldsFilled"}},{"kind":"Field","name":{"kind":"Name","value":"pagesWatermarked"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"versionCount"}},{"kind":"Field","name":{"kind":"Name","value":"downloadUrl"}}]}}]}}]} as unknown as DocumentNode<ExtractPdfPagesMutation, ExtractPdfPagesMutationVariables>;
export const MovePdfPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MovePdfPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MovePdfPageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"movePdfPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PdfResultFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PdfResultFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PdfOperationResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageCount"}},{"kind":"Field","name":{"kind":"Name","value":"operationsApplied"}},{"kind":"Field","name":{"kind":"Name","value":"fieldsFilled"}},{"kind":"Field","name":{"kind":"Name","value":"pagesWatermarked"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"versionCount"}},{"kind":"Field","name":{"kind":"Name","value":"downloadUrl"}}]}}]}}]} as unknown as DocumentNode<MovePdfPageMutation, MovePdfPageMutationVariables>;
export const AddPdfPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddPdfPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AddPageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addPdfPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PdfResultFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PdfResultFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PdfOperationResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageCount"}},{"kind":"Field","name":{"kind":"Name","value":"operationsApplied"}},{"kind":"Field","name":{"kind":"Name","value":"fieldsFilled"}},{"kind":"Field","name":{"kind":"Name","value":"pagesWatermarked"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"versionCount"}},{"kind":"Field","name":{"kind":"Name","value":"downloadUrl"}}]}}]}}]} as unknown as DocumentNode<AddPdfPageMutation, AddPdfPageMutationVariables>;
export const AddPdfWatermarkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddPdfWatermark"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"WatermarkInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addPdfWatermark"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PdfResultFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PdfResultFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PdfOperationResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageCount"}},{"kind":"Field","name":{"kind":"Name","value":"operationsApplied"}},{"kind":"Field","name":{"kind":"Name","value":"fieldsFilled"}},{"kind":"Field","name":{"kind":"Name","value":"pagesWatermarked"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"versionCount"}},{"kind":"Field","name":{"kind":"Name","value":"downloadUrl"}}]}}]}}]} as unknown as DocumentNode<AddPdfWatermarkMutation, AddPdfWatermarkMutationVariables>;
export const FillPdfFormDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"FillPdfForm"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"FillFormInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fillPdfForm"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PdfResultFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PdfResultFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PdfOperationResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageCount"}},{"kind":"Field","name":{"kind":"Name","value":"operationsApplied"}},{"kind":"Field","name":{"kind":"Name","value":"fieldsFilled"}},{"kind":"Field","name":{"kind":"Name","value":"pagesWatermarked"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"versionCount"}},{"kind":"Field","name":{"kind":"Name","value":"downloadUrl"}}]}}]}}]} as unknown as DocumentNode<FillPdfFormMutation, FillPdfFormMutationVariables>;
export const FlattenPdfFormDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"FlattenPdfForm"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"documentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"flattenPdfForm"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"documentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"documentId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PdfResultFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PdfResultFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PdfOperationResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageCount"}},{"kind":"Field","name":{"kind":"Name","value":"operationsApplied"}},{"kind":"Field","name":{"kind":"Name","value":"fieldsFilled"}},{"kind":"Field","name":{"kind":"Name","value":"pagesWatermarked"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"versionCount"}},{"kind":"Field","name":{"kind":"Name","value":"downloadUrl"}}]}}]}}]} as unknown as DocumentNode<FlattenPdfFormMutation, FlattenPdfFormMutationVariables>;
export const ViewedDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ViewedDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"downloadUrl"}}]}}]}}]} as unknown as DocumentNode<ViewedDocumentQuery, ViewedDocumentQueryVariables>;
export const DocumentLimitDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DocumentLimit"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"planLevel"}},{"kind":"Field","name":{"kind":"Name","value":"maxDocuments"}}]}},{"kind":"Field","name":{"kind":"Name","value":"subscription"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"documentsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}}]} as unknown as DocumentNode<DocumentLimitQuery, DocumentLimitQueryVariables>;
export const FoldersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Folders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"folders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderFields"}},{"kind":"Field","name":{"kind":"Name","value":"children"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderFields"}},{"kind":"Field","name":{"kind":"Name","value":"children"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentFolder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"documentCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalDocumentCount"}}]}}]} as unknown as DocumentNode<FoldersQuery, FoldersQueryVariables>;
export const SubfoldersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Subfolders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"parentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"folders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"parentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"parentId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderFields"}},{"kind":"Field","name":{"kind":"Name","value":"children"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderFields"}},{"kind":"Field","name":{"kind":"Name","value":"children"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentFolder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"documentCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalDocumentCount"}}]}}]} as unknown as DocumentNode<SubfoldersQuery, SubfoldersQueryVariables>;
export const DocumentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Documents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"folderId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentOrder"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentStatus"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"folderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"folderId"}}},{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"versionCount"}},{"kind":"Field","name":{"kind":"Name","value":"downloadUrl"}},{"kind":"Field","name":{"kind":"Name","value":"thumbnailUrl"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"folder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<DocumentsQuery, DocumentsQueryVariables>;
export const InviteByEmailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InviteByEmail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"InviteOrganizationMemberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inviteOrganizationMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<InviteByEmailMutation, InviteByEmailMutationVariables>;
export const CreateFolderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateFolder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateFolderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createFolder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<CreateFolderMutation, CreateFolderMutationVariables>;
export const UpdateFolderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateFolder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateFolderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateFolder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}}]}}]}}]} as unknown as DocumentNode<UpdateFolderMutation, UpdateFolderMutationVariables>;
export const DeleteFolderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteFolder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteFolder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<DeleteFolderMutation, DeleteFolderMutationVariables>;
export const IdentitySettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"IdentitySettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"identityAssurance"}},{"kind":"Field","name":{"kind":"Name","value":"legalName"}},{"kind":"Field","name":{"kind":"Name","value":"identityVerifiedAt"}},{"kind":"Field","name":{"kind":"Name","value":"identityVerification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VerificationFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VerificationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"IdentityVerification"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"legalName"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"rejectionReason"}},{"kind":"Field","name":{"kind":"Name","value":"decidedAt"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}}]}}]} as unknown as DocumentNode<IdentitySettingsQuery, IdentitySettingsQueryVariables>;
export const StartIdentityVerificationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StartIdentityVerification"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"StartIdentityVerificationInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startIdentityVerification"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"verification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VerificationFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VerificationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"IdentityVerification"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"legalName"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"rejectionReason"}},{"kind":"Field","name":{"kind":"Name","value":"decidedAt"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}}]}}]} as unknown as DocumentNode<StartIdentityVerificationMutation, StartIdentityVerificationMutationVariables>;
export const IdentityQueueDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"IdentityQueue"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"IdentityVerificationStatus"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"identityVerifications"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"200"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"legalName"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"rejectionReason"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}},{"kind":"Field","name":{"kind":"Name","value":"decidedAt"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"identityAssurance"}}]}},{"kind":"Field","name":{"kind":"Name","value":"reviewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]} as unknown as DocumentNode<IdentityQueueQuery, IdentityQueueQueryVariables>;
export const ReviewIdentityVerificationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReviewIdentityVerification"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReviewIdentityVerificationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reviewIdentityVerification"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"legalName"}},{"kind":"Field","name":{"kind":"Name","value":"rejectionReason"}},{"kind":"Field","name":{"kind":"Name","value":"decidedAt"}}]}}]}}]} as unknown as DocumentNode<ReviewIdentityVerificationMutation, ReviewIdentityVerificationMutationVariables>;
export const MergePdfsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MergePdfs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MergePdfsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mergePdfs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageCount"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<MergePdfsMutation, MergePdfsMutationVariables>;
export const OnboardingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Onboarding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"onboarding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"licenseAdded"}},{"kind":"Field","name":{"kind":"Name","value":"drawingUploaded"}},{"kind":"Field","name":{"kind":"Name","value":"documentSealed"}},{"kind":"Field","name":{"kind":"Name","value":"verifyLinkShared"}},{"kind":"Field","name":{"kind":"Name","value":"complete"}},{"kind":"Field","name":{"kind":"Name","value":"dismissedAt"}},{"kind":"Field","name":{"kind":"Name","value":"draftDocumentId"}},{"kind":"Field","name":{"kind":"Name","value":"shareUrl"}}]}}]}}]}}]} as unknown as DocumentNode<OnboardingQuery, OnboardingQueryVariables>;
export const DismissOnboardingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DismissOnboarding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProfile"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"onboardingDismissed"},"value":{"kind":"BooleanValue","value":true}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<DismissOnboardingMutation, DismissOnboardingMutationVariables>;
export const VerifyMemberIdentityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"VerifyMemberIdentity"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"VerifyMemberIdentityInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verifyMemberIdentity"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"legalName"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"identityAssurance"}},{"kind":"Field","name":{"kind":"Name","value":"legalName"}}]}}]}}]}}]} as unknown as DocumentNode<VerifyMemberIdentityMutation, VerifyMemberIdentityMutationVariables>;
export const UpdateOrganizationSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateOrganizationSettings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateOrganizationSettingsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateOrganizationSettings"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"requireVerifiedIdentity"}}]}}]}}]} as unknown as DocumentNode<UpdateOrganizationSettingsMutation, UpdateOrganizationSettingsMutationVariables>;
export const OrganizationPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrganizationPage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"identityAssurance"}}]}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"planLevel"}},{"kind":"Field","name":{"kind":"Name","value":"maxTeamMembers"}},{"kind":"Field","name":{"kind":"Name","value":"requireVerifiedIdentity"}}]}},{"kind":"Field","name":{"kind":"Name","value":"subscription"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"myOrganizations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"50"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimaryOrg"}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"planLevel"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"organizationMembersConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MemberIdentity"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MemberIdentity"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"identityAssurance"}},{"kind":"Field","name":{"kind":"Name","value":"legalName"}}]}}]} as unknown as DocumentNode<OrganizationPageQuery, OrganizationPageQueryVariables>;
export const UpsertMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpsertMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpsertOrganizationMemberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"upsertOrganizationMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]} as unknown as DocumentNode<UpsertMemberMutation, UpsertMemberMutationVariables>;
export const RemoveMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeOrganizationMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<RemoveMemberMutation, RemoveMemberMutationVariables>;
export const SetPrimaryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetPrimary"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setPrimaryOrganization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"organizationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"organizationId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimaryOrg"}}]}}]}}]} as unknown as DocumentNode<SetPrimaryMutation, SetPrimaryMutationVariables>;
export const SetupOrganizationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetupOrganization"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SetupOrganizationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setupOrganization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<SetupOrganizationMutation, SetupOrganizationMutationVariables>;
export const SealOptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SealOptions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"credentialsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"licenseType"}},{"kind":"Field","name":{"kind":"Name","value":"licenseNumber"}},{"kind":"Field","name":{"kind":"Name","value":"regionCode"}},{"kind":"Field","name":{"kind":"Name","value":"canSeal"}},{"kind":"Field","name":{"kind":"Name","value":"stampSvg"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"signingCertificates"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<SealOptionsQuery, SealOptionsQueryVariables>;
export const SealsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Seals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sealsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"verificationCode"}},{"kind":"Field","name":{"kind":"Name","value":"verificationUrl"}},{"kind":"Field","name":{"kind":"Name","value":"sealedAt"}},{"kind":"Field","name":{"kind":"Name","value":"pkiSigned"}},{"kind":"Field","name":{"kind":"Name","value":"signingCertificate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"issuedByServiceCa"}}]}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"credential"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"licenseType"}},{"kind":"Field","name":{"kind":"Name","value":"licenseNumber"}},{"kind":"Field","name":{"kind":"Name","value":"regionCode"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<SealsQuery, SealsQueryVariables>;
export const SettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Settings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"uiTheme"}},{"kind":"Field","name":{"kind":"Name","value":"stampExportSize"}},{"kind":"Field","name":{"kind":"Name","value":"betaFeaturesEnabled"}},{"kind":"Field","name":{"kind":"Name","value":"mfaEnabled"}},{"kind":"Field","name":{"kind":"Name","value":"verificationStatus"}},{"kind":"Field","name":{"kind":"Name","value":"credentialCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"planLevel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"subscription"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"planLevel"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"trialEnd"}}]}}]}}]} as unknown as DocumentNode<SettingsQuery, SettingsQueryVariables>;
export const UpdateProfileDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateProfile"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateProfileInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProfile"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"uiTheme"}},{"kind":"Field","name":{"kind":"Name","value":"stampExportSize"}},{"kind":"Field","name":{"kind":"Name","value":"betaFeaturesEnabled"}}]}}]}}]} as unknown as DocumentNode<UpdateProfileMutation, UpdateProfileMutationVariables>;
export const ChangePasswordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ChangePassword"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ChangePasswordInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changePassword"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"success"}}]}}]}}]} as unknown as DocumentNode<ChangePasswordMutation, ChangePasswordMutationVariables>;
export const SetupMfaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetupMfa"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setupMfa"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"otpauthUrl"}},{"kind":"Field","name":{"kind":"Name","value":"qrCodeSvg"}}]}}]}}]} as unknown as DocumentNode<SetupMfaMutation, SetupMfaMutationVariables>;
export const EnableMfaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"EnableMfa"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EnableMfaInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"enableMfa"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backupCodes"}},{"kind":"Field","name":{"kind":"Name","value":"enabledAt"}}]}}]}}]} as unknown as DocumentNode<EnableMfaMutation, EnableMfaMutationVariables>;
export const DisableMfaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DisableMfa"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"disableMfa"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}}]}]}}]} as unknown as DocumentNode<DisableMfaMutation, DisableMfaMutationVariables>;
export const MeThemeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MeTheme"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"uiTheme"}}]}}]}}]} as unknown as DocumentNode<MeThemeQuery, MeThemeQueryVariables>;
export const CreateDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateDocumentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<CreateDocumentMutation, CreateDocumentMutationVariables>;
export const BatchJobDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BatchJob"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchSealJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchJobDetailFields"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"processingCompletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"seal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"verificationCode"}},{"kind":"Field","name":{"kind":"Name","value":"verificationUrl"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchJobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchSealJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"totalDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"completedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"failedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"progressPercent"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}},{"kind":"Field","name":{"kind":"Name","value":"credential"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchJobDetailFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchSealJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchJobFields"}},{"kind":"Field","name":{"kind":"Name","value":"pageMode"}},{"kind":"Field","name":{"kind":"Name","value":"positionX"}},{"kind":"Field","name":{"kind":"Name","value":"positionY"}},{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"footerPosition"}},{"kind":"Field","name":{"kind":"Name","value":"signingCertificate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"issuedByServiceCa"}}]}}]}}]} as unknown as DocumentNode<BatchJobQuery, BatchJobQueryVariables>;
export const BatchJobFailedItemsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BatchJobFailedItems"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchSealJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchJobDetailFields"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"FAILED"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"200"}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchJobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchSealJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"totalDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"completedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"failedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"progressPercent"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}},{"kind":"Field","name":{"kind":"Name","value":"credential"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchJobDetailFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchSealJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchJobFields"}},{"kind":"Field","name":{"kind":"Name","value":"pageMode"}},{"kind":"Field","name":{"kind":"Name","value":"positionX"}},{"kind":"Field","name":{"kind":"Name","value":"positionY"}},{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"footerPosition"}},{"kind":"Field","name":{"kind":"Name","value":"signingCertificate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"issuedByServiceCa"}}]}}]}}]} as unknown as DocumentNode<BatchJobFailedItemsQuery, BatchJobFailedItemsQueryVariables>;
export const CreateBatchSealJobDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateBatchSealJob"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateBatchSealInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createBatchSealJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchJobDetailFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchJobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchSealJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"totalDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"completedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"failedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"progressPercent"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}},{"kind":"Field","name":{"kind":"Name","value":"credential"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchJobDetailFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchSealJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchJobFields"}},{"kind":"Field","name":{"kind":"Name","value":"pageMode"}},{"kind":"Field","name":{"kind":"Name","value":"positionX"}},{"kind":"Field","name":{"kind":"Name","value":"positionY"}},{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"footerPosition"}},{"kind":"Field","name":{"kind":"Name","value":"signingCertificate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"issuedByServiceCa"}}]}}]}}]} as unknown as DocumentNode<CreateBatchSealJobMutation, CreateBatchSealJobMutationVariables>;
export const CancelBatchSealJobDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelBatchSealJob"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelBatchSealJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchJobDetailFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchJobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchSealJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"totalDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"completedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"failedDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledDocuments"}},{"kind":"Field","name":{"kind":"Name","value":"progressPercent"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"insertedAt"}},{"kind":"Field","name":{"kind":"Name","value":"credential"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BatchJobDetailFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchSealJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BatchJobFields"}},{"kind":"Field","name":{"kind":"Name","value":"pageMode"}},{"kind":"Field","name":{"kind":"Name","value":"positionX"}},{"kind":"Field","name":{"kind":"Name","value":"positionY"}},{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"footerPosition"}},{"kind":"Field","name":{"kind":"Name","value":"signingCertificate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"issuedByServiceCa"}}]}}]}}]} as unknown as DocumentNode<CancelBatchSealJobMutation, CancelBatchSealJobMutationVariables>;
export const UploadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Upload"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"file"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Upload"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uploadFile"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"file"},"value":{"kind":"Variable","name":{"kind":"Name","value":"file"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fileHash"}}]}}]}}]} as unknown as DocumentNode<UploadMutation, UploadMutationVariables>;