/* eslint-disable */
import * as types from './graphql.ts';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query Billing {\n    organization { id name planLevel canSealDocuments maxDocuments maxCredentials maxTeamMembers sealsThisPeriod }\n    subscription { planLevel status trialEnd currentPeriodEnd cancelAtPeriodEnd }\n    myOrganizations(limit: 50) { id role organization { id } }\n    documentsConnection(first: 1) { totalCount }\n    credentialsConnection(first: 1) { totalCount }\n    organizationMembersConnection(first: 1) { totalCount }\n    planPrices { planLevel interval unitAmount currency }\n    invoices(limit: 12) { id number status amountDue amountPaid currency createdAt hostedInvoiceUrl invoicePdf }\n  }\n": typeof types.BillingDocument,
    "\n  mutation Checkout($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { clientSecret } }\n": typeof types.CheckoutDocument,
    "\n  mutation SaveCard { createSetupIntent { clientSecret } }\n": typeof types.SaveCardDocument,
    "\n  mutation UpdateSubscription($input: UpdateSubscriptionInput!) {\n    updateSubscription(input: $input) { planLevel status currentPeriodEnd cancelAtPeriodEnd trialEnd }\n  }\n": typeof types.UpdateSubscriptionDocument,
    "\n  mutation SuspendCredential($id: UUID!, $reason: String) {\n    suspendCredential(id: $id, reason: $reason) { id canSeal suspendedAt suspensionReason }\n  }\n": typeof types.SuspendCredentialDocument,
    "\n  mutation ReinstateCredential($id: UUID!) {\n    reinstateCredential(id: $id) { id canSeal suspendedAt suspensionReason }\n  }\n": typeof types.ReinstateCredentialDocument,
    "\n  mutation DeleteCredential($id: UUID!, $releaseLicense: Boolean) {\n    deleteCredential(id: $id, releaseLicense: $releaseLicense) { id }\n  }\n": typeof types.DeleteCredentialDocument,
    "\n  fragment CredentialStanding on Credential {\n    id displayName licenseNumber regionCode suspendedAt suspensionReason disputedAt isMine\n  }\n": typeof types.CredentialStandingFragmentDoc,
    "\n  fragment CredentialFields on Credential {\n    id displayName licenseNumber licenseType regionCode status canSeal isExpired expirationDate rejectionReason verificationMethod stampSvg\n    ...CredentialStanding\n  }\n": typeof types.CredentialFieldsFragmentDoc,
    "\n  query Credentials {\n    credentialsConnection(first: 100) { edges { node { ...CredentialFields } } }\n    signingCertificates(limit: 100) { id name commonName issuerCn expiresAt isDefault status }\n    organization { id }\n    myOrganizations(limit: 50) { id role organization { id } }\n  }\n": typeof types.CredentialsDocument,
    "\n  mutation CreateCredential($input: CreateCredentialInput!) {\n    createCredential(input: $input) { ...CredentialFields }\n  }\n": typeof types.CreateCredentialDocument,
    "\n  query Directory($professionSlug: String!, $stateCode: String, $query: String) {\n    searchProfessionals(professionSlug: $professionSlug, stateCode: $stateCode, query: $query, perPage: 20) {\n      totalCount\n      professionals { id fullName licenseNumber licenseStatus professionName stateCode }\n    }\n  }\n": typeof types.DirectoryDocument,
    "\n  mutation Claim($id: UUID!) {\n    claimProfessional(professionalId: $id) { ...CredentialFields }\n  }\n": typeof types.ClaimDocument,
    "\n  mutation Export($id: UUID!, $format: StampExportFormat!) {\n    exportCredentialStamp(id: $id, format: $format) { filename contentType data }\n  }\n": typeof types.ExportDocument,
    "\n  mutation RequestCertificate($input: RequestSigningCertificateInput!) {\n    requestSigningCertificate(input: $input) { id name isDefault }\n  }\n": typeof types.RequestCertificateDocument,
    "\n  mutation SetDefault($id: UUID!) {\n    setDefaultCertificate(id: $id) { id isDefault }\n  }\n": typeof types.SetDefaultDocument,
    "mutation UploadCertificate($input: UploadSigningCertificateInput!) { uploadSigningCertificate(input: $input) { id name } }": typeof types.UploadCertificateDocument,
    "\n  query DocumentDetail($id: UUID!) {\n    document(id: $id) {\n      id name status versionCount downloadUrl folder { id name }\n      versions { id versionNumber fileHash insertedAt notes downloadUrl seal { id verificationCode verificationUrl sealedAt pkiSigned } }\n    }\n    credentialsConnection(first: 100) { edges { node { id displayName licenseType licenseNumber regionCode canSeal stampSvg } } }\n    signingCertificates(limit: 100) { id name isDefault status }\n  }\n": typeof types.DocumentDetailDocument,
    "\n  mutation Seal($input: SealDocumentInput!) {\n    sealDocument(input: $input) { id verificationCode verificationUrl documentHash pkiSigned }\n  }\n": typeof types.SealDocument,
    "\n  fragment FolderFields on DocumentFolder { id name parentId documentCount }\n": typeof types.FolderFieldsFragmentDoc,
    "\n  query Folders {\n    folders { ...FolderFields children { ...FolderFields children { ...FolderFields } } }\n  }\n": typeof types.FoldersDocument,
    "\n  query Subfolders($parentId: UUID!) {\n    folders(parentId: $parentId) { ...FolderFields children { ...FolderFields children { ...FolderFields } } }\n  }\n": typeof types.SubfoldersDocument,
    "\n  query Documents($folderId: UUID, $after: String, $first: Int!) {\n    documentsConnection(first: $first, after: $after, folderId: $folderId) {\n      totalCount\n      pageInfo { hasNextPage endCursor }\n      edges { node { id name status versionCount downloadUrl insertedAt folder { id name } } }\n    }\n  }\n": typeof types.DocumentsDocument,
    "mutation CreateFolder($input: CreateFolderInput!) { createFolder(input: $input) { id name } }": typeof types.CreateFolderDocument,
    "mutation UpdateFolder($id: UUID!, $input: UpdateFolderInput!) { updateFolder(id: $id, input: $input) { id name parentId } }": typeof types.UpdateFolderDocument,
    "mutation DeleteFolder($id: UUID!) { deleteFolder(id: $id) { id } }": typeof types.DeleteFolderDocument,
    "mutation CreateDocument($input: CreateDocumentInput!) { createDocument(input: $input) { id name } }": typeof types.CreateDocumentDocument,
    "\n  fragment VerificationFields on IdentityVerification { id method status legalName note rejectionReason decidedAt insertedAt }\n": typeof types.VerificationFieldsFragmentDoc,
    "\n  query IdentitySettings {\n    me {\n      id\n      displayName\n      role\n      identityAssurance\n      legalName\n      identityVerifiedAt\n      identityVerification { ...VerificationFields }\n    }\n  }\n": typeof types.IdentitySettingsDocument,
    "\n  mutation StartIdentityVerification($input: StartIdentityVerificationInput) {\n    startIdentityVerification(input: $input) {\n      url\n      verification { ...VerificationFields }\n    }\n  }\n": typeof types.StartIdentityVerificationDocument,
    "\n  query IdentityQueue($status: IdentityVerificationStatus) {\n    identityVerifications(status: $status, limit: 200) {\n      id\n      status\n      legalName\n      note\n      rejectionReason\n      insertedAt\n      decidedAt\n      user { id email displayName identityAssurance }\n      reviewer { id email displayName }\n    }\n  }\n": typeof types.IdentityQueueDocument,
    "\n  mutation ReviewIdentityVerification($input: ReviewIdentityVerificationInput!) {\n    reviewIdentityVerification(input: $input) { id status legalName rejectionReason decidedAt }\n  }\n": typeof types.ReviewIdentityVerificationDocument,
    "\n  mutation VerifyMemberIdentity($input: VerifyMemberIdentityInput!) {\n    verifyMemberIdentity(input: $input) { id status legalName user { id identityAssurance legalName } }\n  }\n": typeof types.VerifyMemberIdentityDocument,
    "\n  mutation UpdateOrganizationSettings($input: UpdateOrganizationSettingsInput!) {\n    updateOrganizationSettings(input: $input) { id requireVerifiedIdentity }\n  }\n": typeof types.UpdateOrganizationSettingsDocument,
    "\n  fragment MemberIdentity on User { id email displayName identityAssurance legalName }\n": typeof types.MemberIdentityFragmentDoc,
    "\n  query OrganizationPage {\n    me { id identityAssurance }\n    organization { id name slug planLevel maxTeamMembers requireVerifiedIdentity }\n    myOrganizations(limit: 50) { id role isPrimaryOrg organization { id name planLevel } }\n    organizationMembersConnection(first: 100) {\n      totalCount\n      edges { node { id role insertedAt user { ...MemberIdentity } } }\n    }\n  }\n": typeof types.OrganizationPageDocument,
    "\n  mutation UpsertMember($input: UpsertOrganizationMemberInput!) {\n    upsertOrganizationMember(input: $input) { id role user { id email displayName } }\n  }\n": typeof types.UpsertMemberDocument,
    "\n  mutation RemoveMember($id: UUID!) { removeOrganizationMember(id: $id) { id } }\n": typeof types.RemoveMemberDocument,
    "\n  mutation SetPrimary($organizationId: UUID!) { setPrimaryOrganization(organizationId: $organizationId) { id isPrimaryOrg } }\n": typeof types.SetPrimaryDocument,
    "\n  mutation SetupOrganization($input: SetupOrganizationInput!) { setupOrganization(input: $input) { id name } }\n": typeof types.SetupOrganizationDocument,
    "\n  query Seals {\n    sealsConnection(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          verificationCode\n          verificationUrl\n          sealedAt\n          pkiSigned\n          document {\n            id\n            name\n          }\n          credential {\n            id\n            licenseType\n            licenseNumber\n            regionCode\n          }\n        }\n      }\n    }\n  }\n": typeof types.SealsDocument,
    "\n  query Settings {\n    me {\n      id\n      email\n      displayName\n      uiTheme\n      stampExportSize\n      betaFeaturesEnabled\n      mfaEnabled\n      verificationStatus\n      credentialCount\n    }\n    organization {\n      id\n      name\n      planLevel\n    }\n    subscription {\n      planLevel\n      status\n      trialEnd\n    }\n  }\n": typeof types.SettingsDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      displayName\n      uiTheme\n      stampExportSize\n      betaFeaturesEnabled\n    }\n  }\n": typeof types.UpdateProfileDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      success\n    }\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation SetupMfa {\n    setupMfa {\n      secret\n      otpauthUrl\n      qrCodeSvg\n    }\n  }\n": typeof types.SetupMfaDocument,
    "\n  mutation EnableMfa($input: EnableMfaInput!) {\n    enableMfa(input: $input) {\n      backupCodes\n      enabledAt\n    }\n  }\n": typeof types.EnableMfaDocument,
    "\n  mutation DisableMfa($code: String!) {\n    disableMfa(code: $code)\n  }\n": typeof types.DisableMfaDocument,
    "\n  query MeTheme {\n    me {\n      id\n      uiTheme\n    }\n  }\n": typeof types.MeThemeDocument,
    "mutation Upload($file: Upload!) { uploadFile(file: $file) { fileHash } }": typeof types.UploadDocument,
};
const documents: Documents = {
    "\n  query Billing {\n    organization { id name planLevel canSealDocuments maxDocuments maxCredentials maxTeamMembers sealsThisPeriod }\n    subscription { planLevel status trialEnd currentPeriodEnd cancelAtPeriodEnd }\n    myOrganizations(limit: 50) { id role organization { id } }\n    documentsConnection(first: 1) { totalCount }\n    credentialsConnection(first: 1) { totalCount }\n    organizationMembersConnection(first: 1) { totalCount }\n    planPrices { planLevel interval unitAmount currency }\n    invoices(limit: 12) { id number status amountDue amountPaid currency createdAt hostedInvoiceUrl invoicePdf }\n  }\n": types.BillingDocument,
    "\n  mutation Checkout($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { clientSecret } }\n": types.CheckoutDocument,
    "\n  mutation SaveCard { createSetupIntent { clientSecret } }\n": types.SaveCardDocument,
    "\n  mutation UpdateSubscription($input: UpdateSubscriptionInput!) {\n    updateSubscription(input: $input) { planLevel status currentPeriodEnd cancelAtPeriodEnd trialEnd }\n  }\n": types.UpdateSubscriptionDocument,
    "\n  mutation SuspendCredential($id: UUID!, $reason: String) {\n    suspendCredential(id: $id, reason: $reason) { id canSeal suspendedAt suspensionReason }\n  }\n": types.SuspendCredentialDocument,
    "\n  mutation ReinstateCredential($id: UUID!) {\n    reinstateCredential(id: $id) { id canSeal suspendedAt suspensionReason }\n  }\n": types.ReinstateCredentialDocument,
    "\n  mutation DeleteCredential($id: UUID!, $releaseLicense: Boolean) {\n    deleteCredential(id: $id, releaseLicense: $releaseLicense) { id }\n  }\n": types.DeleteCredentialDocument,
    "\n  fragment CredentialStanding on Credential {\n    id displayName licenseNumber regionCode suspendedAt suspensionReason disputedAt isMine\n  }\n": types.CredentialStandingFragmentDoc,
    "\n  fragment CredentialFields on Credential {\n    id displayName licenseNumber licenseType regionCode status canSeal isExpired expirationDate rejectionReason verificationMethod stampSvg\n    ...CredentialStanding\n  }\n": types.CredentialFieldsFragmentDoc,
    "\n  query Credentials {\n    credentialsConnection(first: 100) { edges { node { ...CredentialFields } } }\n    signingCertificates(limit: 100) { id name commonName issuerCn expiresAt isDefault status }\n    organization { id }\n    myOrganizations(limit: 50) { id role organization { id } }\n  }\n": types.CredentialsDocument,
    "\n  mutation CreateCredential($input: CreateCredentialInput!) {\n    createCredential(input: $input) { ...CredentialFields }\n  }\n": types.CreateCredentialDocument,
    "\n  query Directory($professionSlug: String!, $stateCode: String, $query: String) {\n    searchProfessionals(professionSlug: $professionSlug, stateCode: $stateCode, query: $query, perPage: 20) {\n      totalCount\n      professionals { id fullName licenseNumber licenseStatus professionName stateCode }\n    }\n  }\n": types.DirectoryDocument,
    "\n  mutation Claim($id: UUID!) {\n    claimProfessional(professionalId: $id) { ...CredentialFields }\n  }\n": types.ClaimDocument,
    "\n  mutation Export($id: UUID!, $format: StampExportFormat!) {\n    exportCredentialStamp(id: $id, format: $format) { filename contentType data }\n  }\n": types.ExportDocument,
    "\n  mutation RequestCertificate($input: RequestSigningCertificateInput!) {\n    requestSigningCertificate(input: $input) { id name isDefault }\n  }\n": types.RequestCertificateDocument,
    "\n  mutation SetDefault($id: UUID!) {\n    setDefaultCertificate(id: $id) { id isDefault }\n  }\n": types.SetDefaultDocument,
    "mutation UploadCertificate($input: UploadSigningCertificateInput!) { uploadSigningCertificate(input: $input) { id name } }": types.UploadCertificateDocument,
    "\n  query DocumentDetail($id: UUID!) {\n    document(id: $id) {\n      id name status versionCount downloadUrl folder { id name }\n      versions { id versionNumber fileHash insertedAt notes downloadUrl seal { id verificationCode verificationUrl sealedAt pkiSigned } }\n    }\n    credentialsConnection(first: 100) { edges { node { id displayName licenseType licenseNumber regionCode canSeal stampSvg } } }\n    signingCertificates(limit: 100) { id name isDefault status }\n  }\n": types.DocumentDetailDocument,
    "\n  mutation Seal($input: SealDocumentInput!) {\n    sealDocument(input: $input) { id verificationCode verificationUrl documentHash pkiSigned }\n  }\n": types.SealDocument,
    "\n  fragment FolderFields on DocumentFolder { id name parentId documentCount }\n": types.FolderFieldsFragmentDoc,
    "\n  query Folders {\n    folders { ...FolderFields children { ...FolderFields children { ...FolderFields } } }\n  }\n": types.FoldersDocument,
    "\n  query Subfolders($parentId: UUID!) {\n    folders(parentId: $parentId) { ...FolderFields children { ...FolderFields children { ...FolderFields } } }\n  }\n": types.SubfoldersDocument,
    "\n  query Documents($folderId: UUID, $after: String, $first: Int!) {\n    documentsConnection(first: $first, after: $after, folderId: $folderId) {\n      totalCount\n      pageInfo { hasNextPage endCursor }\n      edges { node { id name status versionCount downloadUrl insertedAt folder { id name } } }\n    }\n  }\n": types.DocumentsDocument,
    "mutation CreateFolder($input: CreateFolderInput!) { createFolder(input: $input) { id name } }": types.CreateFolderDocument,
    "mutation UpdateFolder($id: UUID!, $input: UpdateFolderInput!) { updateFolder(id: $id, input: $input) { id name parentId } }": types.UpdateFolderDocument,
    "mutation DeleteFolder($id: UUID!) { deleteFolder(id: $id) { id } }": types.DeleteFolderDocument,
    "mutation CreateDocument($input: CreateDocumentInput!) { createDocument(input: $input) { id name } }": types.CreateDocumentDocument,
    "\n  fragment VerificationFields on IdentityVerification { id method status legalName note rejectionReason decidedAt insertedAt }\n": types.VerificationFieldsFragmentDoc,
    "\n  query IdentitySettings {\n    me {\n      id\n      displayName\n      role\n      identityAssurance\n      legalName\n      identityVerifiedAt\n      identityVerification { ...VerificationFields }\n    }\n  }\n": types.IdentitySettingsDocument,
    "\n  mutation StartIdentityVerification($input: StartIdentityVerificationInput) {\n    startIdentityVerification(input: $input) {\n      url\n      verification { ...VerificationFields }\n    }\n  }\n": types.StartIdentityVerificationDocument,
    "\n  query IdentityQueue($status: IdentityVerificationStatus) {\n    identityVerifications(status: $status, limit: 200) {\n      id\n      status\n      legalName\n      note\n      rejectionReason\n      insertedAt\n      decidedAt\n      user { id email displayName identityAssurance }\n      reviewer { id email displayName }\n    }\n  }\n": types.IdentityQueueDocument,
    "\n  mutation ReviewIdentityVerification($input: ReviewIdentityVerificationInput!) {\n    reviewIdentityVerification(input: $input) { id status legalName rejectionReason decidedAt }\n  }\n": types.ReviewIdentityVerificationDocument,
    "\n  mutation VerifyMemberIdentity($input: VerifyMemberIdentityInput!) {\n    verifyMemberIdentity(input: $input) { id status legalName user { id identityAssurance legalName } }\n  }\n": types.VerifyMemberIdentityDocument,
    "\n  mutation UpdateOrganizationSettings($input: UpdateOrganizationSettingsInput!) {\n    updateOrganizationSettings(input: $input) { id requireVerifiedIdentity }\n  }\n": types.UpdateOrganizationSettingsDocument,
    "\n  fragment MemberIdentity on User { id email displayName identityAssurance legalName }\n": types.MemberIdentityFragmentDoc,
    "\n  query OrganizationPage {\n    me { id identityAssurance }\n    organization { id name slug planLevel maxTeamMembers requireVerifiedIdentity }\n    myOrganizations(limit: 50) { id role isPrimaryOrg organization { id name planLevel } }\n    organizationMembersConnection(first: 100) {\n      totalCount\n      edges { node { id role insertedAt user { ...MemberIdentity } } }\n    }\n  }\n": types.OrganizationPageDocument,
    "\n  mutation UpsertMember($input: UpsertOrganizationMemberInput!) {\n    upsertOrganizationMember(input: $input) { id role user { id email displayName } }\n  }\n": types.UpsertMemberDocument,
    "\n  mutation RemoveMember($id: UUID!) { removeOrganizationMember(id: $id) { id } }\n": types.RemoveMemberDocument,
    "\n  mutation SetPrimary($organizationId: UUID!) { setPrimaryOrganization(organizationId: $organizationId) { id isPrimaryOrg } }\n": types.SetPrimaryDocument,
    "\n  mutation SetupOrganization($input: SetupOrganizationInput!) { setupOrganization(input: $input) { id name } }\n": types.SetupOrganizationDocument,
    "\n  query Seals {\n    sealsConnection(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          verificationCode\n          verificationUrl\n          sealedAt\n          pkiSigned\n          document {\n            id\n            name\n          }\n          credential {\n            id\n            licenseType\n            licenseNumber\n            regionCode\n          }\n        }\n      }\n    }\n  }\n": types.SealsDocument,
    "\n  query Settings {\n    me {\n      id\n      email\n      displayName\n      uiTheme\n      stampExportSize\n      betaFeaturesEnabled\n      mfaEnabled\n      verificationStatus\n      credentialCount\n    }\n    organization {\n      id\n      name\n      planLevel\n    }\n    subscription {\n      planLevel\n      status\n      trialEnd\n    }\n  }\n": types.SettingsDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      displayName\n      uiTheme\n      stampExportSize\n      betaFeaturesEnabled\n    }\n  }\n": types.UpdateProfileDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      success\n    }\n  }\n": types.ChangePasswordDocument,
    "\n  mutation SetupMfa {\n    setupMfa {\n      secret\n      otpauthUrl\n      qrCodeSvg\n    }\n  }\n": types.SetupMfaDocument,
    "\n  mutation EnableMfa($input: EnableMfaInput!) {\n    enableMfa(input: $input) {\n      backupCodes\n      enabledAt\n    }\n  }\n": types.EnableMfaDocument,
    "\n  mutation DisableMfa($code: String!) {\n    disableMfa(code: $code)\n  }\n": types.DisableMfaDocument,
    "\n  query MeTheme {\n    me {\n      id\n      uiTheme\n    }\n  }\n": types.MeThemeDocument,
    "mutation Upload($file: Upload!) { uploadFile(file: $file) { fileHash } }": types.UploadDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Billing {\n    organization { id name planLevel canSealDocuments maxDocuments maxCredentials maxTeamMembers sealsThisPeriod }\n    subscription { planLevel status trialEnd currentPeriodEnd cancelAtPeriodEnd }\n    myOrganizations(limit: 50) { id role organization { id } }\n    documentsConnection(first: 1) { totalCount }\n    credentialsConnection(first: 1) { totalCount }\n    organizationMembersConnection(first: 1) { totalCount }\n    planPrices { planLevel interval unitAmount currency }\n    invoices(limit: 12) { id number status amountDue amountPaid currency createdAt hostedInvoiceUrl invoicePdf }\n  }\n"): (typeof documents)["\n  query Billing {\n    organization { id name planLevel canSealDocuments maxDocuments maxCredentials maxTeamMembers sealsThisPeriod }\n    subscription { planLevel status trialEnd currentPeriodEnd cancelAtPeriodEnd }\n    myOrganizations(limit: 50) { id role organization { id } }\n    documentsConnection(first: 1) { totalCount }\n    credentialsConnection(first: 1) { totalCount }\n    organizationMembersConnection(first: 1) { totalCount }\n    planPrices { planLevel interval unitAmount currency }\n    invoices(limit: 12) { id number status amountDue amountPaid currency createdAt hostedInvoiceUrl invoicePdf }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Checkout($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { clientSecret } }\n"): (typeof documents)["\n  mutation Checkout($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { clientSecret } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveCard { createSetupIntent { clientSecret } }\n"): (typeof documents)["\n  mutation SaveCard { createSetupIntent { clientSecret } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSubscription($input: UpdateSubscriptionInput!) {\n    updateSubscription(input: $input) { planLevel status currentPeriodEnd cancelAtPeriodEnd trialEnd }\n  }\n"): (typeof documents)["\n  mutation UpdateSubscription($input: UpdateSubscriptionInput!) {\n    updateSubscription(input: $input) { planLevel status currentPeriodEnd cancelAtPeriodEnd trialEnd }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SuspendCredential($id: UUID!, $reason: String) {\n    suspendCredential(id: $id, reason: $reason) { id canSeal suspendedAt suspensionReason }\n  }\n"): (typeof documents)["\n  mutation SuspendCredential($id: UUID!, $reason: String) {\n    suspendCredential(id: $id, reason: $reason) { id canSeal suspendedAt suspensionReason }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReinstateCredential($id: UUID!) {\n    reinstateCredential(id: $id) { id canSeal suspendedAt suspensionReason }\n  }\n"): (typeof documents)["\n  mutation ReinstateCredential($id: UUID!) {\n    reinstateCredential(id: $id) { id canSeal suspendedAt suspensionReason }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCredential($id: UUID!, $releaseLicense: Boolean) {\n    deleteCredential(id: $id, releaseLicense: $releaseLicense) { id }\n  }\n"): (typeof documents)["\n  mutation DeleteCredential($id: UUID!, $releaseLicense: Boolean) {\n    deleteCredential(id: $id, releaseLicense: $releaseLicense) { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CredentialStanding on Credential {\n    id displayName licenseNumber regionCode suspendedAt suspensionReason disputedAt isMine\n  }\n"): (typeof documents)["\n  fragment CredentialStanding on Credential {\n    id displayName licenseNumber regionCode suspendedAt suspensionReason disputedAt isMine\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CredentialFields on Credential {\n    id displayName licenseNumber licenseType regionCode status canSeal isExpired expirationDate rejectionReason verificationMethod stampSvg\n    ...CredentialStanding\n  }\n"): (typeof documents)["\n  fragment CredentialFields on Credential {\n    id displayName licenseNumber licenseType regionCode status canSeal isExpired expirationDate rejectionReason verificationMethod stampSvg\n    ...CredentialStanding\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Credentials {\n    credentialsConnection(first: 100) { edges { node { ...CredentialFields } } }\n    signingCertificates(limit: 100) { id name commonName issuerCn expiresAt isDefault status }\n    organization { id }\n    myOrganizations(limit: 50) { id role organization { id } }\n  }\n"): (typeof documents)["\n  query Credentials {\n    credentialsConnection(first: 100) { edges { node { ...CredentialFields } } }\n    signingCertificates(limit: 100) { id name commonName issuerCn expiresAt isDefault status }\n    organization { id }\n    myOrganizations(limit: 50) { id role organization { id } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCredential($input: CreateCredentialInput!) {\n    createCredential(input: $input) { ...CredentialFields }\n  }\n"): (typeof documents)["\n  mutation CreateCredential($input: CreateCredentialInput!) {\n    createCredential(input: $input) { ...CredentialFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Directory($professionSlug: String!, $stateCode: String, $query: String) {\n    searchProfessionals(professionSlug: $professionSlug, stateCode: $stateCode, query: $query, perPage: 20) {\n      totalCount\n      professionals { id fullName licenseNumber licenseStatus professionName stateCode }\n    }\n  }\n"): (typeof documents)["\n  query Directory($professionSlug: String!, $stateCode: String, $query: String) {\n    searchProfessionals(professionSlug: $professionSlug, stateCode: $stateCode, query: $query, perPage: 20) {\n      totalCount\n      professionals { id fullName licenseNumber licenseStatus professionName stateCode }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Claim($id: UUID!) {\n    claimProfessional(professionalId: $id) { ...CredentialFields }\n  }\n"): (typeof documents)["\n  mutation Claim($id: UUID!) {\n    claimProfessional(professionalId: $id) { ...CredentialFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Export($id: UUID!, $format: StampExportFormat!) {\n    exportCredentialStamp(id: $id, format: $format) { filename contentType data }\n  }\n"): (typeof documents)["\n  mutation Export($id: UUID!, $format: StampExportFormat!) {\n    exportCredentialStamp(id: $id, format: $format) { filename contentType data }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestCertificate($input: RequestSigningCertificateInput!) {\n    requestSigningCertificate(input: $input) { id name isDefault }\n  }\n"): (typeof documents)["\n  mutation RequestCertificate($input: RequestSigningCertificateInput!) {\n    requestSigningCertificate(input: $input) { id name isDefault }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDefault($id: UUID!) {\n    setDefaultCertificate(id: $id) { id isDefault }\n  }\n"): (typeof documents)["\n  mutation SetDefault($id: UUID!) {\n    setDefaultCertificate(id: $id) { id isDefault }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UploadCertificate($input: UploadSigningCertificateInput!) { uploadSigningCertificate(input: $input) { id name } }"): (typeof documents)["mutation UploadCertificate($input: UploadSigningCertificateInput!) { uploadSigningCertificate(input: $input) { id name } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentDetail($id: UUID!) {\n    document(id: $id) {\n      id name status versionCount downloadUrl folder { id name }\n      versions { id versionNumber fileHash insertedAt notes downloadUrl seal { id verificationCode verificationUrl sealedAt pkiSigned } }\n    }\n    credentialsConnection(first: 100) { edges { node { id displayName licenseType licenseNumber regionCode canSeal stampSvg } } }\n    signingCertificates(limit: 100) { id name isDefault status }\n  }\n"): (typeof documents)["\n  query DocumentDetail($id: UUID!) {\n    document(id: $id) {\n      id name status versionCount downloadUrl folder { id name }\n      versions { id versionNumber fileHash insertedAt notes downloadUrl seal { id verificationCode verificationUrl sealedAt pkiSigned } }\n    }\n    credentialsConnection(first: 100) { edges { node { id displayName licenseType licenseNumber regionCode canSeal stampSvg } } }\n    signingCertificates(limit: 100) { id name isDefault status }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Seal($input: SealDocumentInput!) {\n    sealDocument(input: $input) { id verificationCode verificationUrl documentHash pkiSigned }\n  }\n"): (typeof documents)["\n  mutation Seal($input: SealDocumentInput!) {\n    sealDocument(input: $input) { id verificationCode verificationUrl documentHash pkiSigned }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FolderFields on DocumentFolder { id name parentId documentCount }\n"): (typeof documents)["\n  fragment FolderFields on DocumentFolder { id name parentId documentCount }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Folders {\n    folders { ...FolderFields children { ...FolderFields children { ...FolderFields } } }\n  }\n"): (typeof documents)["\n  query Folders {\n    folders { ...FolderFields children { ...FolderFields children { ...FolderFields } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Subfolders($parentId: UUID!) {\n    folders(parentId: $parentId) { ...FolderFields children { ...FolderFields children { ...FolderFields } } }\n  }\n"): (typeof documents)["\n  query Subfolders($parentId: UUID!) {\n    folders(parentId: $parentId) { ...FolderFields children { ...FolderFields children { ...FolderFields } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Documents($folderId: UUID, $after: String, $first: Int!) {\n    documentsConnection(first: $first, after: $after, folderId: $folderId) {\n      totalCount\n      pageInfo { hasNextPage endCursor }\n      edges { node { id name status versionCount downloadUrl insertedAt folder { id name } } }\n    }\n  }\n"): (typeof documents)["\n  query Documents($folderId: UUID, $after: String, $first: Int!) {\n    documentsConnection(first: $first, after: $after, folderId: $folderId) {\n      totalCount\n      pageInfo { hasNextPage endCursor }\n      edges { node { id name status versionCount downloadUrl insertedAt folder { id name } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateFolder($input: CreateFolderInput!) { createFolder(input: $input) { id name } }"): (typeof documents)["mutation CreateFolder($input: CreateFolderInput!) { createFolder(input: $input) { id name } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateFolder($id: UUID!, $input: UpdateFolderInput!) { updateFolder(id: $id, input: $input) { id name parentId } }"): (typeof documents)["mutation UpdateFolder($id: UUID!, $input: UpdateFolderInput!) { updateFolder(id: $id, input: $input) { id name parentId } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteFolder($id: UUID!) { deleteFolder(id: $id) { id } }"): (typeof documents)["mutation DeleteFolder($id: UUID!) { deleteFolder(id: $id) { id } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateDocument($input: CreateDocumentInput!) { createDocument(input: $input) { id name } }"): (typeof documents)["mutation CreateDocument($input: CreateDocumentInput!) { createDocument(input: $input) { id name } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment VerificationFields on IdentityVerification { id method status legalName note rejectionReason decidedAt insertedAt }\n"): (typeof documents)["\n  fragment VerificationFields on IdentityVerification { id method status legalName note rejectionReason decidedAt insertedAt }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IdentitySettings {\n    me {\n      id\n      displayName\n      role\n      identityAssurance\n      legalName\n      identityVerifiedAt\n      identityVerification { ...VerificationFields }\n    }\n  }\n"): (typeof documents)["\n  query IdentitySettings {\n    me {\n      id\n      displayName\n      role\n      identityAssurance\n      legalName\n      identityVerifiedAt\n      identityVerification { ...VerificationFields }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartIdentityVerification($input: StartIdentityVerificationInput) {\n    startIdentityVerification(input: $input) {\n      url\n      verification { ...VerificationFields }\n    }\n  }\n"): (typeof documents)["\n  mutation StartIdentityVerification($input: StartIdentityVerificationInput) {\n    startIdentityVerification(input: $input) {\n      url\n      verification { ...VerificationFields }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IdentityQueue($status: IdentityVerificationStatus) {\n    identityVerifications(status: $status, limit: 200) {\n      id\n      status\n      legalName\n      note\n      rejectionReason\n      insertedAt\n      decidedAt\n      user { id email displayName identityAssurance }\n      reviewer { id email displayName }\n    }\n  }\n"): (typeof documents)["\n  query IdentityQueue($status: IdentityVerificationStatus) {\n    identityVerifications(status: $status, limit: 200) {\n      id\n      status\n      legalName\n      note\n      rejectionReason\n      insertedAt\n      decidedAt\n      user { id email displayName identityAssurance }\n      reviewer { id email displayName }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewIdentityVerification($input: ReviewIdentityVerificationInput!) {\n    reviewIdentityVerification(input: $input) { id status legalName rejectionReason decidedAt }\n  }\n"): (typeof documents)["\n  mutation ReviewIdentityVerification($input: ReviewIdentityVerificationInput!) {\n    reviewIdentityVerification(input: $input) { id status legalName rejectionReason decidedAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyMemberIdentity($input: VerifyMemberIdentityInput!) {\n    verifyMemberIdentity(input: $input) { id status legalName user { id identityAssurance legalName } }\n  }\n"): (typeof documents)["\n  mutation VerifyMemberIdentity($input: VerifyMemberIdentityInput!) {\n    verifyMemberIdentity(input: $input) { id status legalName user { id identityAssurance legalName } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOrganizationSettings($input: UpdateOrganizationSettingsInput!) {\n    updateOrganizationSettings(input: $input) { id requireVerifiedIdentity }\n  }\n"): (typeof documents)["\n  mutation UpdateOrganizationSettings($input: UpdateOrganizationSettingsInput!) {\n    updateOrganizationSettings(input: $input) { id requireVerifiedIdentity }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MemberIdentity on User { id email displayName identityAssurance legalName }\n"): (typeof documents)["\n  fragment MemberIdentity on User { id email displayName identityAssurance legalName }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationPage {\n    me { id identityAssurance }\n    organization { id name slug planLevel maxTeamMembers requireVerifiedIdentity }\n    myOrganizations(limit: 50) { id role isPrimaryOrg organization { id name planLevel } }\n    organizationMembersConnection(first: 100) {\n      totalCount\n      edges { node { id role insertedAt user { ...MemberIdentity } } }\n    }\n  }\n"): (typeof documents)["\n  query OrganizationPage {\n    me { id identityAssurance }\n    organization { id name slug planLevel maxTeamMembers requireVerifiedIdentity }\n    myOrganizations(limit: 50) { id role isPrimaryOrg organization { id name planLevel } }\n    organizationMembersConnection(first: 100) {\n      totalCount\n      edges { node { id role insertedAt user { ...MemberIdentity } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpsertMember($input: UpsertOrganizationMemberInput!) {\n    upsertOrganizationMember(input: $input) { id role user { id email displayName } }\n  }\n"): (typeof documents)["\n  mutation UpsertMember($input: UpsertOrganizationMemberInput!) {\n    upsertOrganizationMember(input: $input) { id role user { id email displayName } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveMember($id: UUID!) { removeOrganizationMember(id: $id) { id } }\n"): (typeof documents)["\n  mutation RemoveMember($id: UUID!) { removeOrganizationMember(id: $id) { id } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPrimary($organizationId: UUID!) { setPrimaryOrganization(organizationId: $organizationId) { id isPrimaryOrg } }\n"): (typeof documents)["\n  mutation SetPrimary($organizationId: UUID!) { setPrimaryOrganization(organizationId: $organizationId) { id isPrimaryOrg } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetupOrganization($input: SetupOrganizationInput!) { setupOrganization(input: $input) { id name } }\n"): (typeof documents)["\n  mutation SetupOrganization($input: SetupOrganizationInput!) { setupOrganization(input: $input) { id name } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Seals {\n    sealsConnection(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          verificationCode\n          verificationUrl\n          sealedAt\n          pkiSigned\n          document {\n            id\n            name\n          }\n          credential {\n            id\n            licenseType\n            licenseNumber\n            regionCode\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Seals {\n    sealsConnection(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          verificationCode\n          verificationUrl\n          sealedAt\n          pkiSigned\n          document {\n            id\n            name\n          }\n          credential {\n            id\n            licenseType\n            licenseNumber\n            regionCode\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Settings {\n    me {\n      id\n      email\n      displayName\n      uiTheme\n      stampExportSize\n      betaFeaturesEnabled\n      mfaEnabled\n      verificationStatus\n      credentialCount\n    }\n    organization {\n      id\n      name\n      planLevel\n    }\n    subscription {\n      planLevel\n      status\n      trialEnd\n    }\n  }\n"): (typeof documents)["\n  query Settings {\n    me {\n      id\n      email\n      displayName\n      uiTheme\n      stampExportSize\n      betaFeaturesEnabled\n      mfaEnabled\n      verificationStatus\n      credentialCount\n    }\n    organization {\n      id\n      name\n      planLevel\n    }\n    subscription {\n      planLevel\n      status\n      trialEnd\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      displayName\n      uiTheme\n      stampExportSize\n      betaFeaturesEnabled\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      displayName\n      uiTheme\n      stampExportSize\n      betaFeaturesEnabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      success\n    }\n  }\n"): (typeof documents)["\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      success\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetupMfa {\n    setupMfa {\n      secret\n      otpauthUrl\n      qrCodeSvg\n    }\n  }\n"): (typeof documents)["\n  mutation SetupMfa {\n    setupMfa {\n      secret\n      otpauthUrl\n      qrCodeSvg\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EnableMfa($input: EnableMfaInput!) {\n    enableMfa(input: $input) {\n      backupCodes\n      enabledAt\n    }\n  }\n"): (typeof documents)["\n  mutation EnableMfa($input: EnableMfaInput!) {\n    enableMfa(input: $input) {\n      backupCodes\n      enabledAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisableMfa($code: String!) {\n    disableMfa(code: $code)\n  }\n"): (typeof documents)["\n  mutation DisableMfa($code: String!) {\n    disableMfa(code: $code)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MeTheme {\n    me {\n      id\n      uiTheme\n    }\n  }\n"): (typeof documents)["\n  query MeTheme {\n    me {\n      id\n      uiTheme\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Upload($file: Upload!) { uploadFile(file: $file) { fileHash } }"): (typeof documents)["mutation Upload($file: Upload!) { uploadFile(file: $file) { fileHash } }"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;