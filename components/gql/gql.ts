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
    "\n  query BatchJobs($first: Int!, $after: String) {\n    batchSealJobsConnection(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          ...BatchJobFields\n        }\n      }\n    }\n  }\n": typeof types.BatchJobsDocument,
    "\n  query ActiveBatchJobs {\n    processing: batchSealJobsConnection(first: 100, status: PROCESSING) {\n      edges {\n        node {\n          ...BatchJobFields\n        }\n      }\n    }\n    pending: batchSealJobsConnection(first: 100, status: PENDING) {\n      edges {\n        node {\n          ...BatchJobFields\n        }\n      }\n    }\n  }\n": typeof types.ActiveBatchJobsDocument,
    "\n  query BatchJobSummary($id: UUID!) {\n    batchSealJob(id: $id) {\n      ...BatchJobFields\n    }\n  }\n": typeof types.BatchJobSummaryDocument,
    "\n  query Billing {\n    organization {\n      id\n      name\n      planLevel\n      canSealDocuments\n      maxDocuments\n      maxCredentials\n      maxTeamMembers\n      sealsThisPeriod\n    }\n    subscription {\n      planLevel\n      status\n      trialEnd\n      currentPeriodEnd\n      cancelAtPeriodEnd\n    }\n    myOrganizations(limit: 50) {\n      id\n      role\n      organization {\n        id\n      }\n    }\n    documentsConnection(first: 1) {\n      totalCount\n    }\n    credentialsConnection(first: 1) {\n      totalCount\n    }\n    organizationMembersConnection(first: 1) {\n      totalCount\n    }\n    planPrices {\n      planLevel\n      interval\n      unitAmount\n      currency\n    }\n    invoices(limit: 12) {\n      id\n      number\n      status\n      amountDue\n      amountPaid\n      currency\n      createdAt\n      hostedInvoiceUrl\n      invoicePdf\n    }\n  }\n": typeof types.BillingDocument,
    "\n  mutation Checkout($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      clientSecret\n    }\n  }\n": typeof types.CheckoutDocument,
    "\n  mutation SaveCard {\n    createSetupIntent {\n      clientSecret\n    }\n  }\n": typeof types.SaveCardDocument,
    "\n  mutation UpdateSubscription($input: UpdateSubscriptionInput!) {\n    updateSubscription(input: $input) {\n      planLevel\n      status\n      currentPeriodEnd\n      cancelAtPeriodEnd\n      trialEnd\n    }\n  }\n": typeof types.UpdateSubscriptionDocument,
    "\n  query ChatDocuments {\n    documentsConnection(first: 100) {\n      edges {\n        node {\n          id\n          name\n          versionCount\n        }\n      }\n    }\n  }\n": typeof types.ChatDocumentsDocument,
    "\n  mutation CreateChatSession($input: CreateChatSessionInput!) {\n    createChatSession(input: $input) {\n      id\n      title\n    }\n  }\n": typeof types.CreateChatSessionDocument,
    "\n  mutation SendChatMessage($sessionId: UUID!, $content: String!) {\n    sendChatMessage(sessionId: $sessionId, content: $content) {\n      id\n      role\n      content\n      tokenCount\n    }\n  }\n": typeof types.SendChatMessageDocument,
    "\n  query MeConfirmation {\n    me {\n      id\n      email\n      confirmedAt\n    }\n  }\n": typeof types.MeConfirmationDocument,
    "\n  mutation ResendConfirmation {\n    resendConfirmation\n  }\n": typeof types.ResendConfirmationDocument,
    "\n  mutation SuspendCredential($id: UUID!, $reason: String) {\n    suspendCredential(id: $id, reason: $reason) {\n      id\n      canSeal\n      suspendedAt\n      suspensionReason\n    }\n  }\n": typeof types.SuspendCredentialDocument,
    "\n  mutation ReinstateCredential($id: UUID!) {\n    reinstateCredential(id: $id) {\n      id\n      canSeal\n      suspendedAt\n      suspensionReason\n    }\n  }\n": typeof types.ReinstateCredentialDocument,
    "\n  mutation DeleteCredential($id: UUID!, $releaseLicense: Boolean) {\n    deleteCredential(id: $id, releaseLicense: $releaseLicense) {\n      id\n    }\n  }\n": typeof types.DeleteCredentialDocument,
    "\n  fragment CredentialStanding on Credential {\n    id\n    displayName\n    licenseNumber\n    regionCode\n    suspendedAt\n    suspensionReason\n    disputedAt\n    isMine\n  }\n": typeof types.CredentialStandingFragmentDoc,
    "\n  fragment CredentialFields on Credential {\n    id\n    displayName\n    licenseNumber\n    licenseType\n    regionCode\n    status\n    canSeal\n    isExpired\n    expirationDate\n    rejectionReason\n    verificationMethod\n    stampSvg\n    ...CredentialStanding\n  }\n": typeof types.CredentialFieldsFragmentDoc,
    "\n  query Credentials {\n    credentialsConnection(first: 100) {\n      edges {\n        node {\n          ...CredentialFields\n        }\n      }\n    }\n    signingCertificates(limit: 100) {\n      id\n      name\n      commonName\n      issuerCn\n      issuedByServiceCa\n      expiresAt\n      isDefault\n      status\n    }\n    organization {\n      id\n      planLevel\n      maxCredentials\n    }\n    subscription {\n      status\n    }\n    myOrganizations(limit: 50) {\n      id\n      role\n      organization {\n        id\n      }\n    }\n  }\n": typeof types.CredentialsDocument,
    "\n  mutation CreateCredential($input: CreateCredentialInput!) {\n    createCredential(input: $input) {\n      ...CredentialFields\n    }\n  }\n": typeof types.CreateCredentialDocument,
    "\n  query Directory($professionSlug: String!, $stateCode: String, $query: String) {\n    searchProfessionals(professionSlug: $professionSlug, stateCode: $stateCode, query: $query, perPage: 20) {\n      totalCount\n      professionals {\n        id\n        fullName\n        licenseNumber\n        licenseStatus\n        professionName\n        stateCode\n      }\n    }\n  }\n": typeof types.DirectoryDocument,
    "\n  mutation Claim($id: UUID!) {\n    claimProfessional(professionalId: $id) {\n      ...CredentialFields\n    }\n  }\n": typeof types.ClaimDocument,
    "\n  mutation Export($id: UUID!, $format: StampExportFormat!) {\n    exportCredentialStamp(id: $id, format: $format) {\n      filename\n      contentType\n      data\n    }\n  }\n": typeof types.ExportDocument,
    "\n  mutation RequestCertificate($input: RequestSigningCertificateInput!) {\n    requestSigningCertificate(input: $input) {\n      id\n      name\n      isDefault\n    }\n  }\n": typeof types.RequestCertificateDocument,
    "\n  mutation SetDefault($id: UUID!) {\n    setDefaultCertificate(id: $id) {\n      id\n      isDefault\n    }\n  }\n": typeof types.SetDefaultDocument,
    "\n  mutation UploadCertificate($input: UploadSigningCertificateInput!) {\n    uploadSigningCertificate(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.UploadCertificateDocument,
    "\n  mutation UpdateDocument($id: UUID!, $input: UpdateDocumentInput!) {\n    updateDocument(id: $id, input: $input) {\n      id\n      name\n      visibility\n      status\n    }\n  }\n": typeof types.UpdateDocumentDocument,
    "\n  mutation MoveDocument($id: UUID!, $folderId: UUID) {\n    moveDocument(id: $id, folderId: $folderId) {\n      id\n      folder {\n        id\n        name\n      }\n    }\n  }\n": typeof types.MoveDocumentDocument,
    "\n  mutation DeleteDocument($id: UUID!) {\n    deleteDocument(id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteDocumentDocument,
    "\n  mutation UploadDocumentVersion($input: UploadDocumentVersionInput!) {\n    uploadDocumentVersion(input: $input) {\n      id\n      versionNumber\n    }\n  }\n": typeof types.UploadDocumentVersionDocument,
    "\n  query MoveTargets {\n    folders {\n      ...FolderFields\n      children {\n        ...FolderFields\n        children {\n          ...FolderFields\n        }\n      }\n    }\n  }\n": typeof types.MoveTargetsDocument,
    "\n  query DocumentAuditTrail($id: UUID!) {\n    document(id: $id) {\n      id\n      auditTrail {\n        id\n        type\n        occurredAt\n        actorName\n        clientAddress\n        details\n      }\n    }\n  }\n": typeof types.DocumentAuditTrailDocument,
    "\n  query DocumentDetail($id: UUID!) {\n    document(id: $id) {\n      id\n      name\n      status\n      visibility\n      versionCount\n      downloadUrl\n      folder {\n        id\n        name\n      }\n      versions {\n        id\n        versionNumber\n        fileHash\n        insertedAt\n        notes\n        downloadUrl\n        thumbnailUrl\n        seal {\n          id\n          verificationCode\n          verificationUrl\n          sealedAt\n          pkiSigned\n          signingCertificate {\n            id\n            issuedByServiceCa\n          }\n        }\n      }\n    }\n  }\n": typeof types.DocumentDetailDocument,
    "\n  mutation Seal($input: SealDocumentInput!) {\n    sealDocument(input: $input) {\n      id\n      verificationCode\n      verificationUrl\n      documentHash\n      pkiSigned\n      signingCertificate {\n        id\n        issuedByServiceCa\n      }\n    }\n  }\n": typeof types.SealDocument,
    "\n  fragment PdfResultFields on PdfOperationResult {\n    pageCount\n    operationsApplied\n    fieldsFilled\n    pagesWatermarked\n    document {\n      id\n      name\n      versionCount\n      downloadUrl\n    }\n  }\n": typeof types.PdfResultFieldsFragmentDoc,
    "\n  query PdfDetails($id: UUID!) {\n    pdfInfo(documentId: $id) {\n      version\n      fileSize\n      pageCount\n      isLinearized\n      isEncrypted\n      pageSizes {\n        page\n        width\n        height\n        rotation\n      }\n    }\n    pdfMetadata(documentId: $id) {\n      title\n      author\n      subject\n      keywords\n      creator\n      producer\n      creationDate\n      modificationDate\n      hasForms\n    }\n  }\n": typeof types.PdfDetailsDocument,
    "\n  query PdfTextOf($id: UUID!) {\n    pdfText(documentId: $id) {\n      pageCount\n      text\n    }\n  }\n": typeof types.PdfTextOfDocument,
    "\n  mutation ExtractPdfPages($input: ExtractPagesInput!) {\n    extractPages(input: $input) {\n      ...PdfResultFields\n    }\n  }\n": typeof types.ExtractPdfPagesDocument,
    "\n  mutation MovePdfPage($input: MovePdfPageInput!) {\n    movePdfPage(input: $input) {\n      ...PdfResultFields\n    }\n  }\n": typeof types.MovePdfPageDocument,
    "\n  mutation AddPdfPage($input: AddPageInput!) {\n    addPdfPage(input: $input) {\n      ...PdfResultFields\n    }\n  }\n": typeof types.AddPdfPageDocument,
    "\n  mutation AddPdfWatermark($input: WatermarkInput!) {\n    addPdfWatermark(input: $input) {\n      ...PdfResultFields\n    }\n  }\n": typeof types.AddPdfWatermarkDocument,
    "\n  mutation FillPdfForm($input: FillFormInput!) {\n    fillPdfForm(input: $input) {\n      ...PdfResultFields\n    }\n  }\n": typeof types.FillPdfFormDocument,
    "\n  mutation FlattenPdfForm($documentId: UUID!) {\n    flattenPdfForm(documentId: $documentId) {\n      ...PdfResultFields\n    }\n  }\n": typeof types.FlattenPdfFormDocument,
    "\n  query ViewedDocument($id: UUID!) {\n    document(id: $id) {\n      id\n      name\n      downloadUrl\n    }\n  }\n": typeof types.ViewedDocumentDocument,
    "\n  fragment FolderFields on DocumentFolder {\n    id\n    name\n    parentId\n    documentCount\n    totalDocumentCount\n  }\n": typeof types.FolderFieldsFragmentDoc,
    "\n  query DocumentLimit {\n    organization {\n      id\n      planLevel\n      maxDocuments\n    }\n    subscription {\n      status\n    }\n    documentsConnection(first: 1) {\n      totalCount\n    }\n  }\n": typeof types.DocumentLimitDocument,
    "\n  query Folders {\n    folders {\n      ...FolderFields\n      children {\n        ...FolderFields\n        children {\n          ...FolderFields\n        }\n      }\n    }\n  }\n": typeof types.FoldersDocument,
    "\n  query Subfolders($parentId: UUID!) {\n    folders(parentId: $parentId) {\n      ...FolderFields\n      children {\n        ...FolderFields\n        children {\n          ...FolderFields\n        }\n      }\n    }\n  }\n": typeof types.SubfoldersDocument,
    "\n  query Documents($folderId: UUID, $after: String, $first: Int!, $search: String, $orderBy: DocumentOrder, $status: DocumentStatus) {\n    documentsConnection(first: $first, after: $after, folderId: $folderId, search: $search, orderBy: $orderBy, status: $status) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          name\n          status\n          versionCount\n          downloadUrl\n          thumbnailUrl\n          insertedAt\n          updatedAt\n          folder {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": typeof types.DocumentsDocument,
    "\n  mutation InviteByEmail($input: InviteOrganizationMemberInput!) {\n    inviteOrganizationMember(input: $input)\n  }\n": typeof types.InviteByEmailDocument,
    "\n  mutation CreateFolder($input: CreateFolderInput!) {\n    createFolder(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateFolderDocument,
    "\n  mutation UpdateFolder($id: UUID!, $input: UpdateFolderInput!) {\n    updateFolder(id: $id, input: $input) {\n      id\n      name\n      parentId\n    }\n  }\n": typeof types.UpdateFolderDocument,
    "\n  mutation DeleteFolder($id: UUID!) {\n    deleteFolder(id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteFolderDocument,
    "\n  fragment VerificationFields on IdentityVerification {\n    id\n    method\n    status\n    legalName\n    note\n    rejectionReason\n    decidedAt\n    insertedAt\n  }\n": typeof types.VerificationFieldsFragmentDoc,
    "\n  query IdentitySettings {\n    me {\n      id\n      displayName\n      role\n      identityAssurance\n      legalName\n      identityVerifiedAt\n      identityVerification {\n        ...VerificationFields\n      }\n    }\n  }\n": typeof types.IdentitySettingsDocument,
    "\n  mutation StartIdentityVerification($input: StartIdentityVerificationInput) {\n    startIdentityVerification(input: $input) {\n      url\n      verification {\n        ...VerificationFields\n      }\n    }\n  }\n": typeof types.StartIdentityVerificationDocument,
    "\n  query IdentityQueue($status: IdentityVerificationStatus) {\n    identityVerifications(status: $status, limit: 200) {\n      id\n      status\n      legalName\n      note\n      rejectionReason\n      insertedAt\n      decidedAt\n      user {\n        id\n        email\n        displayName\n        identityAssurance\n      }\n      reviewer {\n        id\n        email\n        displayName\n      }\n    }\n  }\n": typeof types.IdentityQueueDocument,
    "\n  mutation ReviewIdentityVerification($input: ReviewIdentityVerificationInput!) {\n    reviewIdentityVerification(input: $input) {\n      id\n      status\n      legalName\n      rejectionReason\n      decidedAt\n    }\n  }\n": typeof types.ReviewIdentityVerificationDocument,
    "\n  mutation MergePdfs($input: MergePdfsInput!) {\n    mergePdfs(input: $input) {\n      pageCount\n      document {\n        id\n        name\n      }\n    }\n  }\n": typeof types.MergePdfsDocument,
    "\n  query Onboarding {\n    me {\n      id\n      onboarding {\n        licenseAdded\n        drawingUploaded\n        documentSealed\n        verifyLinkShared\n        complete\n        dismissedAt\n        draftDocumentId\n        shareUrl\n      }\n    }\n  }\n": typeof types.OnboardingDocument,
    "\n  mutation DismissOnboarding {\n    updateProfile(input: { onboardingDismissed: true }) {\n      id\n    }\n  }\n": typeof types.DismissOnboardingDocument,
    "\n  mutation VerifyMemberIdentity($input: VerifyMemberIdentityInput!) {\n    verifyMemberIdentity(input: $input) {\n      id\n      status\n      legalName\n      user {\n        id\n        identityAssurance\n        legalName\n      }\n    }\n  }\n": typeof types.VerifyMemberIdentityDocument,
    "\n  mutation UpdateOrganizationSettings($input: UpdateOrganizationSettingsInput!) {\n    updateOrganizationSettings(input: $input) {\n      id\n      requireVerifiedIdentity\n    }\n  }\n": typeof types.UpdateOrganizationSettingsDocument,
    "\n  fragment MemberIdentity on User {\n    id\n    email\n    displayName\n    identityAssurance\n    legalName\n  }\n": typeof types.MemberIdentityFragmentDoc,
    "\n  query OrganizationPage {\n    me {\n      id\n      identityAssurance\n    }\n    organization {\n      id\n      name\n      slug\n      planLevel\n      maxTeamMembers\n      requireVerifiedIdentity\n    }\n    subscription {\n      status\n    }\n    myOrganizations(limit: 50) {\n      id\n      role\n      isPrimaryOrg\n      organization {\n        id\n        name\n        planLevel\n      }\n    }\n    organizationMembersConnection(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          role\n          insertedAt\n          user {\n            ...MemberIdentity\n          }\n        }\n      }\n    }\n  }\n": typeof types.OrganizationPageDocument,
    "\n  mutation UpsertMember($input: UpsertOrganizationMemberInput!) {\n    upsertOrganizationMember(input: $input) {\n      id\n      role\n      user {\n        id\n        email\n        displayName\n      }\n    }\n  }\n": typeof types.UpsertMemberDocument,
    "\n  mutation RemoveMember($id: UUID!) {\n    removeOrganizationMember(id: $id) {\n      id\n    }\n  }\n": typeof types.RemoveMemberDocument,
    "\n  mutation SetPrimary($organizationId: UUID!) {\n    setPrimaryOrganization(organizationId: $organizationId) {\n      id\n      isPrimaryOrg\n    }\n  }\n": typeof types.SetPrimaryDocument,
    "\n  mutation SetupOrganization($input: SetupOrganizationInput!) {\n    setupOrganization(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.SetupOrganizationDocument,
    "\n  query SealOptions {\n    credentialsConnection(first: 100) {\n      edges {\n        node {\n          id\n          displayName\n          licenseType\n          licenseNumber\n          regionCode\n          canSeal\n          stampSvg\n        }\n      }\n    }\n    signingCertificates(limit: 100) {\n      id\n      name\n      isDefault\n      status\n    }\n  }\n": typeof types.SealOptionsDocument,
    "\n  query Seals {\n    sealsConnection(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          verificationCode\n          verificationUrl\n          sealedAt\n          pkiSigned\n          signingCertificate {\n            id\n            issuedByServiceCa\n          }\n          document {\n            id\n            name\n          }\n          credential {\n            id\n            licenseType\n            licenseNumber\n            regionCode\n          }\n        }\n      }\n    }\n  }\n": typeof types.SealsDocument,
    "\n  query Settings {\n    me {\n      id\n      email\n      displayName\n      uiTheme\n      stampExportSize\n      betaFeaturesEnabled\n      mfaEnabled\n      verificationStatus\n      credentialCount\n    }\n    organization {\n      id\n      name\n      planLevel\n    }\n    subscription {\n      planLevel\n      status\n      trialEnd\n    }\n  }\n": typeof types.SettingsDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      displayName\n      uiTheme\n      stampExportSize\n      betaFeaturesEnabled\n    }\n  }\n": typeof types.UpdateProfileDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      success\n    }\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation SetupMfa {\n    setupMfa {\n      secret\n      otpauthUrl\n      qrCodeSvg\n    }\n  }\n": typeof types.SetupMfaDocument,
    "\n  mutation EnableMfa($input: EnableMfaInput!) {\n    enableMfa(input: $input) {\n      backupCodes\n      enabledAt\n    }\n  }\n": typeof types.EnableMfaDocument,
    "\n  mutation DisableMfa($code: String!) {\n    disableMfa(code: $code)\n  }\n": typeof types.DisableMfaDocument,
    "\n  query MeTheme {\n    me {\n      id\n      uiTheme\n    }\n  }\n": typeof types.MeThemeDocument,
    "\n  mutation CreateDocument($input: CreateDocumentInput!) {\n    createDocument(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateDocumentDocument,
    "\n  fragment BatchJobFields on BatchSealJob {\n    id\n    status\n    totalDocuments\n    completedDocuments\n    failedDocuments\n    cancelledDocuments\n    progressPercent\n    remaining\n    startedAt\n    completedAt\n    insertedAt\n    credential {\n      id\n      displayName\n    }\n  }\n": typeof types.BatchJobFieldsFragmentDoc,
    "\n  fragment BatchJobDetailFields on BatchSealJob {\n    ...BatchJobFields\n    pageMode\n    positionX\n    positionY\n    size\n    footerPosition\n    signingCertificate {\n      id\n      name\n      issuedByServiceCa\n    }\n  }\n": typeof types.BatchJobDetailFieldsFragmentDoc,
    "\n  query BatchJob($id: UUID!, $offset: Int!) {\n    batchSealJob(id: $id) {\n      ...BatchJobDetailFields\n      items(first: 100, offset: $offset) {\n        id\n        status\n        errorMessage\n        processingCompletedAt\n        document {\n          id\n          name\n        }\n        seal {\n          id\n          verificationCode\n          verificationUrl\n        }\n      }\n    }\n  }\n": typeof types.BatchJobDocument,
    "\n  query BatchJobFailedItems($id: UUID!, $offset: Int!) {\n    batchSealJob(id: $id) {\n      ...BatchJobDetailFields\n      items(status: FAILED, first: 200, offset: $offset) {\n        id\n        status\n        document {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.BatchJobFailedItemsDocument,
    "\n  mutation CreateBatchSealJob($input: CreateBatchSealInput!) {\n    createBatchSealJob(input: $input) {\n      ...BatchJobDetailFields\n    }\n  }\n": typeof types.CreateBatchSealJobDocument,
    "\n  mutation CancelBatchSealJob($id: UUID!) {\n    cancelBatchSealJob(id: $id) {\n      ...BatchJobDetailFields\n    }\n  }\n": typeof types.CancelBatchSealJobDocument,
    "\n  mutation Upload($file: Upload!) {\n    uploadFile(file: $file) {\n      fileHash\n    }\n  }\n": typeof types.UploadDocument,
};
const documents: Documents = {
    "\n  query BatchJobs($first: Int!, $after: String) {\n    batchSealJobsConnection(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          ...BatchJobFields\n        }\n      }\n    }\n  }\n": types.BatchJobsDocument,
    "\n  query ActiveBatchJobs {\n    processing: batchSealJobsConnection(first: 100, status: PROCESSING) {\n      edges {\n        node {\n          ...BatchJobFields\n        }\n      }\n    }\n    pending: batchSealJobsConnection(first: 100, status: PENDING) {\n      edges {\n        node {\n          ...BatchJobFields\n        }\n      }\n    }\n  }\n": types.ActiveBatchJobsDocument,
    "\n  query BatchJobSummary($id: UUID!) {\n    batchSealJob(id: $id) {\n      ...BatchJobFields\n    }\n  }\n": types.BatchJobSummaryDocument,
    "\n  query Billing {\n    organization {\n      id\n      name\n      planLevel\n      canSealDocuments\n      maxDocuments\n      maxCredentials\n      maxTeamMembers\n      sealsThisPeriod\n    }\n    subscription {\n      planLevel\n      status\n      trialEnd\n      currentPeriodEnd\n      cancelAtPeriodEnd\n    }\n    myOrganizations(limit: 50) {\n      id\n      role\n      organization {\n        id\n      }\n    }\n    documentsConnection(first: 1) {\n      totalCount\n    }\n    credentialsConnection(first: 1) {\n      totalCount\n    }\n    organizationMembersConnection(first: 1) {\n      totalCount\n    }\n    planPrices {\n      planLevel\n      interval\n      unitAmount\n      currency\n    }\n    invoices(limit: 12) {\n      id\n      number\n      status\n      amountDue\n      amountPaid\n      currency\n      createdAt\n      hostedInvoiceUrl\n      invoicePdf\n    }\n  }\n": types.BillingDocument,
    "\n  mutation Checkout($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      clientSecret\n    }\n  }\n": types.CheckoutDocument,
    "\n  mutation SaveCard {\n    createSetupIntent {\n      clientSecret\n    }\n  }\n": types.SaveCardDocument,
    "\n  mutation UpdateSubscription($input: UpdateSubscriptionInput!) {\n    updateSubscription(input: $input) {\n      planLevel\n      status\n      currentPeriodEnd\n      cancelAtPeriodEnd\n      trialEnd\n    }\n  }\n": types.UpdateSubscriptionDocument,
    "\n  query ChatDocuments {\n    documentsConnection(first: 100) {\n      edges {\n        node {\n          id\n          name\n          versionCount\n        }\n      }\n    }\n  }\n": types.ChatDocumentsDocument,
    "\n  mutation CreateChatSession($input: CreateChatSessionInput!) {\n    createChatSession(input: $input) {\n      id\n      title\n    }\n  }\n": types.CreateChatSessionDocument,
    "\n  mutation SendChatMessage($sessionId: UUID!, $content: String!) {\n    sendChatMessage(sessionId: $sessionId, content: $content) {\n      id\n      role\n      content\n      tokenCount\n    }\n  }\n": types.SendChatMessageDocument,
    "\n  query MeConfirmation {\n    me {\n      id\n      email\n      confirmedAt\n    }\n  }\n": types.MeConfirmationDocument,
    "\n  mutation ResendConfirmation {\n    resendConfirmation\n  }\n": types.ResendConfirmationDocument,
    "\n  mutation SuspendCredential($id: UUID!, $reason: String) {\n    suspendCredential(id: $id, reason: $reason) {\n      id\n      canSeal\n      suspendedAt\n      suspensionReason\n    }\n  }\n": types.SuspendCredentialDocument,
    "\n  mutation ReinstateCredential($id: UUID!) {\n    reinstateCredential(id: $id) {\n      id\n      canSeal\n      suspendedAt\n      suspensionReason\n    }\n  }\n": types.ReinstateCredentialDocument,
    "\n  mutation DeleteCredential($id: UUID!, $releaseLicense: Boolean) {\n    deleteCredential(id: $id, releaseLicense: $releaseLicense) {\n      id\n    }\n  }\n": types.DeleteCredentialDocument,
    "\n  fragment CredentialStanding on Credential {\n    id\n    displayName\n    licenseNumber\n    regionCode\n    suspendedAt\n    suspensionReason\n    disputedAt\n    isMine\n  }\n": types.CredentialStandingFragmentDoc,
    "\n  fragment CredentialFields on Credential {\n    id\n    displayName\n    licenseNumber\n    licenseType\n    regionCode\n    status\n    canSeal\n    isExpired\n    expirationDate\n    rejectionReason\n    verificationMethod\n    stampSvg\n    ...CredentialStanding\n  }\n": types.CredentialFieldsFragmentDoc,
    "\n  query Credentials {\n    credentialsConnection(first: 100) {\n      edges {\n        node {\n          ...CredentialFields\n        }\n      }\n    }\n    signingCertificates(limit: 100) {\n      id\n      name\n      commonName\n      issuerCn\n      issuedByServiceCa\n      expiresAt\n      isDefault\n      status\n    }\n    organization {\n      id\n      planLevel\n      maxCredentials\n    }\n    subscription {\n      status\n    }\n    myOrganizations(limit: 50) {\n      id\n      role\n      organization {\n        id\n      }\n    }\n  }\n": types.CredentialsDocument,
    "\n  mutation CreateCredential($input: CreateCredentialInput!) {\n    createCredential(input: $input) {\n      ...CredentialFields\n    }\n  }\n": types.CreateCredentialDocument,
    "\n  query Directory($professionSlug: String!, $stateCode: String, $query: String) {\n    searchProfessionals(professionSlug: $professionSlug, stateCode: $stateCode, query: $query, perPage: 20) {\n      totalCount\n      professionals {\n        id\n        fullName\n        licenseNumber\n        licenseStatus\n        professionName\n        stateCode\n      }\n    }\n  }\n": types.DirectoryDocument,
    "\n  mutation Claim($id: UUID!) {\n    claimProfessional(professionalId: $id) {\n      ...CredentialFields\n    }\n  }\n": types.ClaimDocument,
    "\n  mutation Export($id: UUID!, $format: StampExportFormat!) {\n    exportCredentialStamp(id: $id, format: $format) {\n      filename\n      contentType\n      data\n    }\n  }\n": types.ExportDocument,
    "\n  mutation RequestCertificate($input: RequestSigningCertificateInput!) {\n    requestSigningCertificate(input: $input) {\n      id\n      name\n      isDefault\n    }\n  }\n": types.RequestCertificateDocument,
    "\n  mutation SetDefault($id: UUID!) {\n    setDefaultCertificate(id: $id) {\n      id\n      isDefault\n    }\n  }\n": types.SetDefaultDocument,
    "\n  mutation UploadCertificate($input: UploadSigningCertificateInput!) {\n    uploadSigningCertificate(input: $input) {\n      id\n      name\n    }\n  }\n": types.UploadCertificateDocument,
    "\n  mutation UpdateDocument($id: UUID!, $input: UpdateDocumentInput!) {\n    updateDocument(id: $id, input: $input) {\n      id\n      name\n      visibility\n      status\n    }\n  }\n": types.UpdateDocumentDocument,
    "\n  mutation MoveDocument($id: UUID!, $folderId: UUID) {\n    moveDocument(id: $id, folderId: $folderId) {\n      id\n      folder {\n        id\n        name\n      }\n    }\n  }\n": types.MoveDocumentDocument,
    "\n  mutation DeleteDocument($id: UUID!) {\n    deleteDocument(id: $id) {\n      id\n    }\n  }\n": types.DeleteDocumentDocument,
    "\n  mutation UploadDocumentVersion($input: UploadDocumentVersionInput!) {\n    uploadDocumentVersion(input: $input) {\n      id\n      versionNumber\n    }\n  }\n": types.UploadDocumentVersionDocument,
    "\n  query MoveTargets {\n    folders {\n      ...FolderFields\n      children {\n        ...FolderFields\n        children {\n          ...FolderFields\n        }\n      }\n    }\n  }\n": types.MoveTargetsDocument,
    "\n  query DocumentAuditTrail($id: UUID!) {\n    document(id: $id) {\n      id\n      auditTrail {\n        id\n        type\n        occurredAt\n        actorName\n        clientAddress\n        details\n      }\n    }\n  }\n": types.DocumentAuditTrailDocument,
    "\n  query DocumentDetail($id: UUID!) {\n    document(id: $id) {\n      id\n      name\n      status\n      visibility\n      versionCount\n      downloadUrl\n      folder {\n        id\n        name\n      }\n      versions {\n        id\n        versionNumber\n        fileHash\n        insertedAt\n        notes\n        downloadUrl\n        thumbnailUrl\n        seal {\n          id\n          verificationCode\n          verificationUrl\n          sealedAt\n          pkiSigned\n          signingCertificate {\n            id\n            issuedByServiceCa\n          }\n        }\n      }\n    }\n  }\n": types.DocumentDetailDocument,
    "\n  mutation Seal($input: SealDocumentInput!) {\n    sealDocument(input: $input) {\n      id\n      verificationCode\n      verificationUrl\n      documentHash\n      pkiSigned\n      signingCertificate {\n        id\n        issuedByServiceCa\n      }\n    }\n  }\n": types.SealDocument,
    "\n  fragment PdfResultFields on PdfOperationResult {\n    pageCount\n    operationsApplied\n    fieldsFilled\n    pagesWatermarked\n    document {\n      id\n      name\n      versionCount\n      downloadUrl\n    }\n  }\n": types.PdfResultFieldsFragmentDoc,
    "\n  query PdfDetails($id: UUID!) {\n    pdfInfo(documentId: $id) {\n      version\n      fileSize\n      pageCount\n      isLinearized\n      isEncrypted\n      pageSizes {\n        page\n        width\n        height\n        rotation\n      }\n    }\n    pdfMetadata(documentId: $id) {\n      title\n      author\n      subject\n      keywords\n      creator\n      producer\n      creationDate\n      modificationDate\n      hasForms\n    }\n  }\n": types.PdfDetailsDocument,
    "\n  query PdfTextOf($id: UUID!) {\n    pdfText(documentId: $id) {\n      pageCount\n      text\n    }\n  }\n": types.PdfTextOfDocument,
    "\n  mutation ExtractPdfPages($input: ExtractPagesInput!) {\n    extractPages(input: $input) {\n      ...PdfResultFields\n    }\n  }\n": types.ExtractPdfPagesDocument,
    "\n  mutation MovePdfPage($input: MovePdfPageInput!) {\n    movePdfPage(input: $input) {\n      ...PdfResultFields\n    }\n  }\n": types.MovePdfPageDocument,
    "\n  mutation AddPdfPage($input: AddPageInput!) {\n    addPdfPage(input: $input) {\n      ...PdfResultFields\n    }\n  }\n": types.AddPdfPageDocument,
    "\n  mutation AddPdfWatermark($input: WatermarkInput!) {\n    addPdfWatermark(input: $input) {\n      ...PdfResultFields\n    }\n  }\n": types.AddPdfWatermarkDocument,
    "\n  mutation FillPdfForm($input: FillFormInput!) {\n    fillPdfForm(input: $input) {\n      ...PdfResultFields\n    }\n  }\n": types.FillPdfFormDocument,
    "\n  mutation FlattenPdfForm($documentId: UUID!) {\n    flattenPdfForm(documentId: $documentId) {\n      ...PdfResultFields\n    }\n  }\n": types.FlattenPdfFormDocument,
    "\n  query ViewedDocument($id: UUID!) {\n    document(id: $id) {\n      id\n      name\n      downloadUrl\n    }\n  }\n": types.ViewedDocumentDocument,
    "\n  fragment FolderFields on DocumentFolder {\n    id\n    name\n    parentId\n    documentCount\n    totalDocumentCount\n  }\n": types.FolderFieldsFragmentDoc,
    "\n  query DocumentLimit {\n    organization {\n      id\n      planLevel\n      maxDocuments\n    }\n    subscription {\n      status\n    }\n    documentsConnection(first: 1) {\n      totalCount\n    }\n  }\n": types.DocumentLimitDocument,
    "\n  query Folders {\n    folders {\n      ...FolderFields\n      children {\n        ...FolderFields\n        children {\n          ...FolderFields\n        }\n      }\n    }\n  }\n": types.FoldersDocument,
    "\n  query Subfolders($parentId: UUID!) {\n    folders(parentId: $parentId) {\n      ...FolderFields\n      children {\n        ...FolderFields\n        children {\n          ...FolderFields\n        }\n      }\n    }\n  }\n": types.SubfoldersDocument,
    "\n  query Documents($folderId: UUID, $after: String, $first: Int!, $search: String, $orderBy: DocumentOrder, $status: DocumentStatus) {\n    documentsConnection(first: $first, after: $after, folderId: $folderId, search: $search, orderBy: $orderBy, status: $status) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          name\n          status\n          versionCount\n          downloadUrl\n          thumbnailUrl\n          insertedAt\n          updatedAt\n          folder {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": types.DocumentsDocument,
    "\n  mutation InviteByEmail($input: InviteOrganizationMemberInput!) {\n    inviteOrganizationMember(input: $input)\n  }\n": types.InviteByEmailDocument,
    "\n  mutation CreateFolder($input: CreateFolderInput!) {\n    createFolder(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateFolderDocument,
    "\n  mutation UpdateFolder($id: UUID!, $input: UpdateFolderInput!) {\n    updateFolder(id: $id, input: $input) {\n      id\n      name\n      parentId\n    }\n  }\n": types.UpdateFolderDocument,
    "\n  mutation DeleteFolder($id: UUID!) {\n    deleteFolder(id: $id) {\n      id\n    }\n  }\n": types.DeleteFolderDocument,
    "\n  fragment VerificationFields on IdentityVerification {\n    id\n    method\n    status\n    legalName\n    note\n    rejectionReason\n    decidedAt\n    insertedAt\n  }\n": types.VerificationFieldsFragmentDoc,
    "\n  query IdentitySettings {\n    me {\n      id\n      displayName\n      role\n      identityAssurance\n      legalName\n      identityVerifiedAt\n      identityVerification {\n        ...VerificationFields\n      }\n    }\n  }\n": types.IdentitySettingsDocument,
    "\n  mutation StartIdentityVerification($input: StartIdentityVerificationInput) {\n    startIdentityVerification(input: $input) {\n      url\n      verification {\n        ...VerificationFields\n      }\n    }\n  }\n": types.StartIdentityVerificationDocument,
    "\n  query IdentityQueue($status: IdentityVerificationStatus) {\n    identityVerifications(status: $status, limit: 200) {\n      id\n      status\n      legalName\n      note\n      rejectionReason\n      insertedAt\n      decidedAt\n      user {\n        id\n        email\n        displayName\n        identityAssurance\n      }\n      reviewer {\n        id\n        email\n        displayName\n      }\n    }\n  }\n": types.IdentityQueueDocument,
    "\n  mutation ReviewIdentityVerification($input: ReviewIdentityVerificationInput!) {\n    reviewIdentityVerification(input: $input) {\n      id\n      status\n      legalName\n      rejectionReason\n      decidedAt\n    }\n  }\n": types.ReviewIdentityVerificationDocument,
    "\n  mutation MergePdfs($input: MergePdfsInput!) {\n    mergePdfs(input: $input) {\n      pageCount\n      document {\n        id\n        name\n      }\n    }\n  }\n": types.MergePdfsDocument,
    "\n  query Onboarding {\n    me {\n      id\n      onboarding {\n        licenseAdded\n        drawingUploaded\n        documentSealed\n        verifyLinkShared\n        complete\n        dismissedAt\n        draftDocumentId\n        shareUrl\n      }\n    }\n  }\n": types.OnboardingDocument,
    "\n  mutation DismissOnboarding {\n    updateProfile(input: { onboardingDismissed: true }) {\n      id\n    }\n  }\n": types.DismissOnboardingDocument,
    "\n  mutation VerifyMemberIdentity($input: VerifyMemberIdentityInput!) {\n    verifyMemberIdentity(input: $input) {\n      id\n      status\n      legalName\n      user {\n        id\n        identityAssurance\n        legalName\n      }\n    }\n  }\n": types.VerifyMemberIdentityDocument,
    "\n  mutation UpdateOrganizationSettings($input: UpdateOrganizationSettingsInput!) {\n    updateOrganizationSettings(input: $input) {\n      id\n      requireVerifiedIdentity\n    }\n  }\n": types.UpdateOrganizationSettingsDocument,
    "\n  fragment MemberIdentity on User {\n    id\n    email\n    displayName\n    identityAssurance\n    legalName\n  }\n": types.MemberIdentityFragmentDoc,
    "\n  query OrganizationPage {\n    me {\n      id\n      identityAssurance\n    }\n    organization {\n      id\n      name\n      slug\n      planLevel\n      maxTeamMembers\n      requireVerifiedIdentity\n    }\n    subscription {\n      status\n    }\n    myOrganizations(limit: 50) {\n      id\n      role\n      isPrimaryOrg\n      organization {\n        id\n        name\n        planLevel\n      }\n    }\n    organizationMembersConnection(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          role\n          insertedAt\n          user {\n            ...MemberIdentity\n          }\n        }\n      }\n    }\n  }\n": types.OrganizationPageDocument,
    "\n  mutation UpsertMember($input: UpsertOrganizationMemberInput!) {\n    upsertOrganizationMember(input: $input) {\n      id\n      role\n      user {\n        id\n        email\n        displayName\n      }\n    }\n  }\n": types.UpsertMemberDocument,
    "\n  mutation RemoveMember($id: UUID!) {\n    removeOrganizationMember(id: $id) {\n      id\n    }\n  }\n": types.RemoveMemberDocument,
    "\n  mutation SetPrimary($organizationId: UUID!) {\n    setPrimaryOrganization(organizationId: $organizationId) {\n      id\n      isPrimaryOrg\n    }\n  }\n": types.SetPrimaryDocument,
    "\n  mutation SetupOrganization($input: SetupOrganizationInput!) {\n    setupOrganization(input: $input) {\n      id\n      name\n    }\n  }\n": types.SetupOrganizationDocument,
    "\n  query SealOptions {\n    credentialsConnection(first: 100) {\n      edges {\n        node {\n          id\n          displayName\n          licenseType\n          licenseNumber\n          regionCode\n          canSeal\n          stampSvg\n        }\n      }\n    }\n    signingCertificates(limit: 100) {\n      id\n      name\n      isDefault\n      status\n    }\n  }\n": types.SealOptionsDocument,
    "\n  query Seals {\n    sealsConnection(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          verificationCode\n          verificationUrl\n          sealedAt\n          pkiSigned\n          signingCertificate {\n            id\n            issuedByServiceCa\n          }\n          document {\n            id\n            name\n          }\n          credential {\n            id\n            licenseType\n            licenseNumber\n            regionCode\n          }\n        }\n      }\n    }\n  }\n": types.SealsDocument,
    "\n  query Settings {\n    me {\n      id\n      email\n      displayName\n      uiTheme\n      stampExportSize\n      betaFeaturesEnabled\n      mfaEnabled\n      verificationStatus\n      credentialCount\n    }\n    organization {\n      id\n      name\n      planLevel\n    }\n    subscription {\n      planLevel\n      status\n      trialEnd\n    }\n  }\n": types.SettingsDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      displayName\n      uiTheme\n      stampExportSize\n      betaFeaturesEnabled\n    }\n  }\n": types.UpdateProfileDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      success\n    }\n  }\n": types.ChangePasswordDocument,
    "\n  mutation SetupMfa {\n    setupMfa {\n      secret\n      otpauthUrl\n      qrCodeSvg\n    }\n  }\n": types.SetupMfaDocument,
    "\n  mutation EnableMfa($input: EnableMfaInput!) {\n    enableMfa(input: $input) {\n      backupCodes\n      enabledAt\n    }\n  }\n": types.EnableMfaDocument,
    "\n  mutation DisableMfa($code: String!) {\n    disableMfa(code: $code)\n  }\n": types.DisableMfaDocument,
    "\n  query MeTheme {\n    me {\n      id\n      uiTheme\n    }\n  }\n": types.MeThemeDocument,
    "\n  mutation CreateDocument($input: CreateDocumentInput!) {\n    createDocument(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateDocumentDocument,
    "\n  fragment BatchJobFields on BatchSealJob {\n    id\n    status\n    totalDocuments\n    completedDocuments\n    failedDocuments\n    cancelledDocuments\n    progressPercent\n    remaining\n    startedAt\n    completedAt\n    insertedAt\n    credential {\n      id\n      displayName\n    }\n  }\n": types.BatchJobFieldsFragmentDoc,
    "\n  fragment BatchJobDetailFields on BatchSealJob {\n    ...BatchJobFields\n    pageMode\n    positionX\n    positionY\n    size\n    footerPosition\n    signingCertificate {\n      id\n      name\n      issuedByServiceCa\n    }\n  }\n": types.BatchJobDetailFieldsFragmentDoc,
    "\n  query BatchJob($id: UUID!, $offset: Int!) {\n    batchSealJob(id: $id) {\n      ...BatchJobDetailFields\n      items(first: 100, offset: $offset) {\n        id\n        status\n        errorMessage\n        processingCompletedAt\n        document {\n          id\n          name\n        }\n        seal {\n          id\n          verificationCode\n          verificationUrl\n        }\n      }\n    }\n  }\n": types.BatchJobDocument,
    "\n  query BatchJobFailedItems($id: UUID!, $offset: Int!) {\n    batchSealJob(id: $id) {\n      ...BatchJobDetailFields\n      items(status: FAILED, first: 200, offset: $offset) {\n        id\n        status\n        document {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.BatchJobFailedItemsDocument,
    "\n  mutation CreateBatchSealJob($input: CreateBatchSealInput!) {\n    createBatchSealJob(input: $input) {\n      ...BatchJobDetailFields\n    }\n  }\n": types.CreateBatchSealJobDocument,
    "\n  mutation CancelBatchSealJob($id: UUID!) {\n    cancelBatchSealJob(id: $id) {\n      ...BatchJobDetailFields\n    }\n  }\n": types.CancelBatchSealJobDocument,
    "\n  mutation Upload($file: Upload!) {\n    uploadFile(file: $file) {\n      fileHash\n    }\n  }\n": types.UploadDocument,
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
export function graphql(source: "\n  query BatchJobs($first: Int!, $after: String) {\n    batchSealJobsConnection(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          ...BatchJobFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query BatchJobs($first: Int!, $after: String) {\n    batchSealJobsConnection(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          ...BatchJobFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActiveBatchJobs {\n    processing: batchSealJobsConnection(first: 100, status: PROCESSING) {\n      edges {\n        node {\n          ...BatchJobFields\n        }\n      }\n    }\n    pending: batchSealJobsConnection(first: 100, status: PENDING) {\n      edges {\n        node {\n          ...BatchJobFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ActiveBatchJobs {\n    processing: batchSealJobsConnection(first: 100, status: PROCESSING) {\n      edges {\n        node {\n          ...BatchJobFields\n        }\n      }\n    }\n    pending: batchSealJobsConnection(first: 100, status: PENDING) {\n      edges {\n        node {\n          ...BatchJobFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BatchJobSummary($id: UUID!) {\n    batchSealJob(id: $id) {\n      ...BatchJobFields\n    }\n  }\n"): (typeof documents)["\n  query BatchJobSummary($id: UUID!) {\n    batchSealJob(id: $id) {\n      ...BatchJobFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Billing {\n    organization {\n      id\n      name\n      planLevel\n      canSealDocuments\n      maxDocuments\n      maxCredentials\n      maxTeamMembers\n      sealsThisPeriod\n    }\n    subscription {\n      planLevel\n      status\n      trialEnd\n      currentPeriodEnd\n      cancelAtPeriodEnd\n    }\n    myOrganizations(limit: 50) {\n      id\n      role\n      organization {\n        id\n      }\n    }\n    documentsConnection(first: 1) {\n      totalCount\n    }\n    credentialsConnection(first: 1) {\n      totalCount\n    }\n    organizationMembersConnection(first: 1) {\n      totalCount\n    }\n    planPrices {\n      planLevel\n      interval\n      unitAmount\n      currency\n    }\n    invoices(limit: 12) {\n      id\n      number\n      status\n      amountDue\n      amountPaid\n      currency\n      createdAt\n      hostedInvoiceUrl\n      invoicePdf\n    }\n  }\n"): (typeof documents)["\n  query Billing {\n    organization {\n      id\n      name\n      planLevel\n      canSealDocuments\n      maxDocuments\n      maxCredentials\n      maxTeamMembers\n      sealsThisPeriod\n    }\n    subscription {\n      planLevel\n      status\n      trialEnd\n      currentPeriodEnd\n      cancelAtPeriodEnd\n    }\n    myOrganizations(limit: 50) {\n      id\n      role\n      organization {\n        id\n      }\n    }\n    documentsConnection(first: 1) {\n      totalCount\n    }\n    credentialsConnection(first: 1) {\n      totalCount\n    }\n    organizationMembersConnection(first: 1) {\n      totalCount\n    }\n    planPrices {\n      planLevel\n      interval\n      unitAmount\n      currency\n    }\n    invoices(limit: 12) {\n      id\n      number\n      status\n      amountDue\n      amountPaid\n      currency\n      createdAt\n      hostedInvoiceUrl\n      invoicePdf\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Checkout($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      clientSecret\n    }\n  }\n"): (typeof documents)["\n  mutation Checkout($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      clientSecret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveCard {\n    createSetupIntent {\n      clientSecret\n    }\n  }\n"): (typeof documents)["\n  mutation SaveCard {\n    createSetupIntent {\n      clientSecret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSubscription($input: UpdateSubscriptionInput!) {\n    updateSubscription(input: $input) {\n      planLevel\n      status\n      currentPeriodEnd\n      cancelAtPeriodEnd\n      trialEnd\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSubscription($input: UpdateSubscriptionInput!) {\n    updateSubscription(input: $input) {\n      planLevel\n      status\n      currentPeriodEnd\n      cancelAtPeriodEnd\n      trialEnd\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChatDocuments {\n    documentsConnection(first: 100) {\n      edges {\n        node {\n          id\n          name\n          versionCount\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ChatDocuments {\n    documentsConnection(first: 100) {\n      edges {\n        node {\n          id\n          name\n          versionCount\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateChatSession($input: CreateChatSessionInput!) {\n    createChatSession(input: $input) {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  mutation CreateChatSession($input: CreateChatSessionInput!) {\n    createChatSession(input: $input) {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendChatMessage($sessionId: UUID!, $content: String!) {\n    sendChatMessage(sessionId: $sessionId, content: $content) {\n      id\n      role\n      content\n      tokenCount\n    }\n  }\n"): (typeof documents)["\n  mutation SendChatMessage($sessionId: UUID!, $content: String!) {\n    sendChatMessage(sessionId: $sessionId, content: $content) {\n      id\n      role\n      content\n      tokenCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MeConfirmation {\n    me {\n      id\n      email\n      confirmedAt\n    }\n  }\n"): (typeof documents)["\n  query MeConfirmation {\n    me {\n      id\n      email\n      confirmedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendConfirmation {\n    resendConfirmation\n  }\n"): (typeof documents)["\n  mutation ResendConfirmation {\n    resendConfirmation\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SuspendCredential($id: UUID!, $reason: String) {\n    suspendCredential(id: $id, reason: $reason) {\n      id\n      canSeal\n      suspendedAt\n      suspensionReason\n    }\n  }\n"): (typeof documents)["\n  mutation SuspendCredential($id: UUID!, $reason: String) {\n    suspendCredential(id: $id, reason: $reason) {\n      id\n      canSeal\n      suspendedAt\n      suspensionReason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReinstateCredential($id: UUID!) {\n    reinstateCredential(id: $id) {\n      id\n      canSeal\n      suspendedAt\n      suspensionReason\n    }\n  }\n"): (typeof documents)["\n  mutation ReinstateCredential($id: UUID!) {\n    reinstateCredential(id: $id) {\n      id\n      canSeal\n      suspendedAt\n      suspensionReason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCredential($id: UUID!, $releaseLicense: Boolean) {\n    deleteCredential(id: $id, releaseLicense: $releaseLicense) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteCredential($id: UUID!, $releaseLicense: Boolean) {\n    deleteCredential(id: $id, releaseLicense: $releaseLicense) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CredentialStanding on Credential {\n    id\n    displayName\n    licenseNumber\n    regionCode\n    suspendedAt\n    suspensionReason\n    disputedAt\n    isMine\n  }\n"): (typeof documents)["\n  fragment CredentialStanding on Credential {\n    id\n    displayName\n    licenseNumber\n    regionCode\n    suspendedAt\n    suspensionReason\n    disputedAt\n    isMine\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CredentialFields on Credential {\n    id\n    displayName\n    licenseNumber\n    licenseType\n    regionCode\n    status\n    canSeal\n    isExpired\n    expirationDate\n    rejectionReason\n    verificationMethod\n    stampSvg\n    ...CredentialStanding\n  }\n"): (typeof documents)["\n  fragment CredentialFields on Credential {\n    id\n    displayName\n    licenseNumber\n    licenseType\n    regionCode\n    status\n    canSeal\n    isExpired\n    expirationDate\n    rejectionReason\n    verificationMethod\n    stampSvg\n    ...CredentialStanding\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Credentials {\n    credentialsConnection(first: 100) {\n      edges {\n        node {\n          ...CredentialFields\n        }\n      }\n    }\n    signingCertificates(limit: 100) {\n      id\n      name\n      commonName\n      issuerCn\n      issuedByServiceCa\n      expiresAt\n      isDefault\n      status\n    }\n    organization {\n      id\n      planLevel\n      maxCredentials\n    }\n    subscription {\n      status\n    }\n    myOrganizations(limit: 50) {\n      id\n      role\n      organization {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query Credentials {\n    credentialsConnection(first: 100) {\n      edges {\n        node {\n          ...CredentialFields\n        }\n      }\n    }\n    signingCertificates(limit: 100) {\n      id\n      name\n      commonName\n      issuerCn\n      issuedByServiceCa\n      expiresAt\n      isDefault\n      status\n    }\n    organization {\n      id\n      planLevel\n      maxCredentials\n    }\n    subscription {\n      status\n    }\n    myOrganizations(limit: 50) {\n      id\n      role\n      organization {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCredential($input: CreateCredentialInput!) {\n    createCredential(input: $input) {\n      ...CredentialFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCredential($input: CreateCredentialInput!) {\n    createCredential(input: $input) {\n      ...CredentialFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Directory($professionSlug: String!, $stateCode: String, $query: String) {\n    searchProfessionals(professionSlug: $professionSlug, stateCode: $stateCode, query: $query, perPage: 20) {\n      totalCount\n      professionals {\n        id\n        fullName\n        licenseNumber\n        licenseStatus\n        professionName\n        stateCode\n      }\n    }\n  }\n"): (typeof documents)["\n  query Directory($professionSlug: String!, $stateCode: String, $query: String) {\n    searchProfessionals(professionSlug: $professionSlug, stateCode: $stateCode, query: $query, perPage: 20) {\n      totalCount\n      professionals {\n        id\n        fullName\n        licenseNumber\n        licenseStatus\n        professionName\n        stateCode\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Claim($id: UUID!) {\n    claimProfessional(professionalId: $id) {\n      ...CredentialFields\n    }\n  }\n"): (typeof documents)["\n  mutation Claim($id: UUID!) {\n    claimProfessional(professionalId: $id) {\n      ...CredentialFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Export($id: UUID!, $format: StampExportFormat!) {\n    exportCredentialStamp(id: $id, format: $format) {\n      filename\n      contentType\n      data\n    }\n  }\n"): (typeof documents)["\n  mutation Export($id: UUID!, $format: StampExportFormat!) {\n    exportCredentialStamp(id: $id, format: $format) {\n      filename\n      contentType\n      data\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestCertificate($input: RequestSigningCertificateInput!) {\n    requestSigningCertificate(input: $input) {\n      id\n      name\n      isDefault\n    }\n  }\n"): (typeof documents)["\n  mutation RequestCertificate($input: RequestSigningCertificateInput!) {\n    requestSigningCertificate(input: $input) {\n      id\n      name\n      isDefault\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDefault($id: UUID!) {\n    setDefaultCertificate(id: $id) {\n      id\n      isDefault\n    }\n  }\n"): (typeof documents)["\n  mutation SetDefault($id: UUID!) {\n    setDefaultCertificate(id: $id) {\n      id\n      isDefault\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UploadCertificate($input: UploadSigningCertificateInput!) {\n    uploadSigningCertificate(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation UploadCertificate($input: UploadSigningCertificateInput!) {\n    uploadSigningCertificate(input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDocument($id: UUID!, $input: UpdateDocumentInput!) {\n    updateDocument(id: $id, input: $input) {\n      id\n      name\n      visibility\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDocument($id: UUID!, $input: UpdateDocumentInput!) {\n    updateDocument(id: $id, input: $input) {\n      id\n      name\n      visibility\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MoveDocument($id: UUID!, $folderId: UUID) {\n    moveDocument(id: $id, folderId: $folderId) {\n      id\n      folder {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation MoveDocument($id: UUID!, $folderId: UUID) {\n    moveDocument(id: $id, folderId: $folderId) {\n      id\n      folder {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDocument($id: UUID!) {\n    deleteDocument(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteDocument($id: UUID!) {\n    deleteDocument(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UploadDocumentVersion($input: UploadDocumentVersionInput!) {\n    uploadDocumentVersion(input: $input) {\n      id\n      versionNumber\n    }\n  }\n"): (typeof documents)["\n  mutation UploadDocumentVersion($input: UploadDocumentVersionInput!) {\n    uploadDocumentVersion(input: $input) {\n      id\n      versionNumber\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MoveTargets {\n    folders {\n      ...FolderFields\n      children {\n        ...FolderFields\n        children {\n          ...FolderFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query MoveTargets {\n    folders {\n      ...FolderFields\n      children {\n        ...FolderFields\n        children {\n          ...FolderFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentAuditTrail($id: UUID!) {\n    document(id: $id) {\n      id\n      auditTrail {\n        id\n        type\n        occurredAt\n        actorName\n        clientAddress\n        details\n      }\n    }\n  }\n"): (typeof documents)["\n  query DocumentAuditTrail($id: UUID!) {\n    document(id: $id) {\n      id\n      auditTrail {\n        id\n        type\n        occurredAt\n        actorName\n        clientAddress\n        details\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentDetail($id: UUID!) {\n    document(id: $id) {\n      id\n      name\n      status\n      visibility\n      versionCount\n      downloadUrl\n      folder {\n        id\n        name\n      }\n      versions {\n        id\n        versionNumber\n        fileHash\n        insertedAt\n        notes\n        downloadUrl\n        thumbnailUrl\n        seal {\n          id\n          verificationCode\n          verificationUrl\n          sealedAt\n          pkiSigned\n          signingCertificate {\n            id\n            issuedByServiceCa\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query DocumentDetail($id: UUID!) {\n    document(id: $id) {\n      id\n      name\n      status\n      visibility\n      versionCount\n      downloadUrl\n      folder {\n        id\n        name\n      }\n      versions {\n        id\n        versionNumber\n        fileHash\n        insertedAt\n        notes\n        downloadUrl\n        thumbnailUrl\n        seal {\n          id\n          verificationCode\n          verificationUrl\n          sealedAt\n          pkiSigned\n          signingCertificate {\n            id\n            issuedByServiceCa\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Seal($input: SealDocumentInput!) {\n    sealDocument(input: $input) {\n      id\n      verificationCode\n      verificationUrl\n      documentHash\n      pkiSigned\n      signingCertificate {\n        id\n        issuedByServiceCa\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Seal($input: SealDocumentInput!) {\n    sealDocument(input: $input) {\n      id\n      verificationCode\n      verificationUrl\n      documentHash\n      pkiSigned\n      signingCertificate {\n        id\n        issuedByServiceCa\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PdfResultFields on PdfOperationResult {\n    pageCount\n    operationsApplied\n    fieldsFilled\n    pagesWatermarked\n    document {\n      id\n      name\n      versionCount\n      downloadUrl\n    }\n  }\n"): (typeof documents)["\n  fragment PdfResultFields on PdfOperationResult {\n    pageCount\n    operationsApplied\n    fieldsFilled\n    pagesWatermarked\n    document {\n      id\n      name\n      versionCount\n      downloadUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PdfDetails($id: UUID!) {\n    pdfInfo(documentId: $id) {\n      version\n      fileSize\n      pageCount\n      isLinearized\n      isEncrypted\n      pageSizes {\n        page\n        width\n        height\n        rotation\n      }\n    }\n    pdfMetadata(documentId: $id) {\n      title\n      author\n      subject\n      keywords\n      creator\n      producer\n      creationDate\n      modificationDate\n      hasForms\n    }\n  }\n"): (typeof documents)["\n  query PdfDetails($id: UUID!) {\n    pdfInfo(documentId: $id) {\n      version\n      fileSize\n      pageCount\n      isLinearized\n      isEncrypted\n      pageSizes {\n        page\n        width\n        height\n        rotation\n      }\n    }\n    pdfMetadata(documentId: $id) {\n      title\n      author\n      subject\n      keywords\n      creator\n      producer\n      creationDate\n      modificationDate\n      hasForms\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PdfTextOf($id: UUID!) {\n    pdfText(documentId: $id) {\n      pageCount\n      text\n    }\n  }\n"): (typeof documents)["\n  query PdfTextOf($id: UUID!) {\n    pdfText(documentId: $id) {\n      pageCount\n      text\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ExtractPdfPages($input: ExtractPagesInput!) {\n    extractPages(input: $input) {\n      ...PdfResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation ExtractPdfPages($input: ExtractPagesInput!) {\n    extractPages(input: $input) {\n      ...PdfResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MovePdfPage($input: MovePdfPageInput!) {\n    movePdfPage(input: $input) {\n      ...PdfResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation MovePdfPage($input: MovePdfPageInput!) {\n    movePdfPage(input: $input) {\n      ...PdfResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddPdfPage($input: AddPageInput!) {\n    addPdfPage(input: $input) {\n      ...PdfResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddPdfPage($input: AddPageInput!) {\n    addPdfPage(input: $input) {\n      ...PdfResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddPdfWatermark($input: WatermarkInput!) {\n    addPdfWatermark(input: $input) {\n      ...PdfResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddPdfWatermark($input: WatermarkInput!) {\n    addPdfWatermark(input: $input) {\n      ...PdfResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation FillPdfForm($input: FillFormInput!) {\n    fillPdfForm(input: $input) {\n      ...PdfResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation FillPdfForm($input: FillFormInput!) {\n    fillPdfForm(input: $input) {\n      ...PdfResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation FlattenPdfForm($documentId: UUID!) {\n    flattenPdfForm(documentId: $documentId) {\n      ...PdfResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation FlattenPdfForm($documentId: UUID!) {\n    flattenPdfForm(documentId: $documentId) {\n      ...PdfResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ViewedDocument($id: UUID!) {\n    document(id: $id) {\n      id\n      name\n      downloadUrl\n    }\n  }\n"): (typeof documents)["\n  query ViewedDocument($id: UUID!) {\n    document(id: $id) {\n      id\n      name\n      downloadUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FolderFields on DocumentFolder {\n    id\n    name\n    parentId\n    documentCount\n    totalDocumentCount\n  }\n"): (typeof documents)["\n  fragment FolderFields on DocumentFolder {\n    id\n    name\n    parentId\n    documentCount\n    totalDocumentCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentLimit {\n    organization {\n      id\n      planLevel\n      maxDocuments\n    }\n    subscription {\n      status\n    }\n    documentsConnection(first: 1) {\n      totalCount\n    }\n  }\n"): (typeof documents)["\n  query DocumentLimit {\n    organization {\n      id\n      planLevel\n      maxDocuments\n    }\n    subscription {\n      status\n    }\n    documentsConnection(first: 1) {\n      totalCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Folders {\n    folders {\n      ...FolderFields\n      children {\n        ...FolderFields\n        children {\n          ...FolderFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Folders {\n    folders {\n      ...FolderFields\n      children {\n        ...FolderFields\n        children {\n          ...FolderFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Subfolders($parentId: UUID!) {\n    folders(parentId: $parentId) {\n      ...FolderFields\n      children {\n        ...FolderFields\n        children {\n          ...FolderFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Subfolders($parentId: UUID!) {\n    folders(parentId: $parentId) {\n      ...FolderFields\n      children {\n        ...FolderFields\n        children {\n          ...FolderFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Documents($folderId: UUID, $after: String, $first: Int!, $search: String, $orderBy: DocumentOrder, $status: DocumentStatus) {\n    documentsConnection(first: $first, after: $after, folderId: $folderId, search: $search, orderBy: $orderBy, status: $status) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          name\n          status\n          versionCount\n          downloadUrl\n          thumbnailUrl\n          insertedAt\n          updatedAt\n          folder {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Documents($folderId: UUID, $after: String, $first: Int!, $search: String, $orderBy: DocumentOrder, $status: DocumentStatus) {\n    documentsConnection(first: $first, after: $after, folderId: $folderId, search: $search, orderBy: $orderBy, status: $status) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          name\n          status\n          versionCount\n          downloadUrl\n          thumbnailUrl\n          insertedAt\n          updatedAt\n          folder {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteByEmail($input: InviteOrganizationMemberInput!) {\n    inviteOrganizationMember(input: $input)\n  }\n"): (typeof documents)["\n  mutation InviteByEmail($input: InviteOrganizationMemberInput!) {\n    inviteOrganizationMember(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateFolder($input: CreateFolderInput!) {\n    createFolder(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateFolder($input: CreateFolderInput!) {\n    createFolder(input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateFolder($id: UUID!, $input: UpdateFolderInput!) {\n    updateFolder(id: $id, input: $input) {\n      id\n      name\n      parentId\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateFolder($id: UUID!, $input: UpdateFolderInput!) {\n    updateFolder(id: $id, input: $input) {\n      id\n      name\n      parentId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteFolder($id: UUID!) {\n    deleteFolder(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteFolder($id: UUID!) {\n    deleteFolder(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment VerificationFields on IdentityVerification {\n    id\n    method\n    status\n    legalName\n    note\n    rejectionReason\n    decidedAt\n    insertedAt\n  }\n"): (typeof documents)["\n  fragment VerificationFields on IdentityVerification {\n    id\n    method\n    status\n    legalName\n    note\n    rejectionReason\n    decidedAt\n    insertedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IdentitySettings {\n    me {\n      id\n      displayName\n      role\n      identityAssurance\n      legalName\n      identityVerifiedAt\n      identityVerification {\n        ...VerificationFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query IdentitySettings {\n    me {\n      id\n      displayName\n      role\n      identityAssurance\n      legalName\n      identityVerifiedAt\n      identityVerification {\n        ...VerificationFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartIdentityVerification($input: StartIdentityVerificationInput) {\n    startIdentityVerification(input: $input) {\n      url\n      verification {\n        ...VerificationFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation StartIdentityVerification($input: StartIdentityVerificationInput) {\n    startIdentityVerification(input: $input) {\n      url\n      verification {\n        ...VerificationFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IdentityQueue($status: IdentityVerificationStatus) {\n    identityVerifications(status: $status, limit: 200) {\n      id\n      status\n      legalName\n      note\n      rejectionReason\n      insertedAt\n      decidedAt\n      user {\n        id\n        email\n        displayName\n        identityAssurance\n      }\n      reviewer {\n        id\n        email\n        displayName\n      }\n    }\n  }\n"): (typeof documents)["\n  query IdentityQueue($status: IdentityVerificationStatus) {\n    identityVerifications(status: $status, limit: 200) {\n      id\n      status\n      legalName\n      note\n      rejectionReason\n      insertedAt\n      decidedAt\n      user {\n        id\n        email\n        displayName\n        identityAssurance\n      }\n      reviewer {\n        id\n        email\n        displayName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewIdentityVerification($input: ReviewIdentityVerificationInput!) {\n    reviewIdentityVerification(input: $input) {\n      id\n      status\n      legalName\n      rejectionReason\n      decidedAt\n    }\n  }\n"): (typeof documents)["\n  mutation ReviewIdentityVerification($input: ReviewIdentityVerificationInput!) {\n    reviewIdentityVerification(input: $input) {\n      id\n      status\n      legalName\n      rejectionReason\n      decidedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MergePdfs($input: MergePdfsInput!) {\n    mergePdfs(input: $input) {\n      pageCount\n      document {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation MergePdfs($input: MergePdfsInput!) {\n    mergePdfs(input: $input) {\n      pageCount\n      document {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Onboarding {\n    me {\n      id\n      onboarding {\n        licenseAdded\n        drawingUploaded\n        documentSealed\n        verifyLinkShared\n        complete\n        dismissedAt\n        draftDocumentId\n        shareUrl\n      }\n    }\n  }\n"): (typeof documents)["\n  query Onboarding {\n    me {\n      id\n      onboarding {\n        licenseAdded\n        drawingUploaded\n        documentSealed\n        verifyLinkShared\n        complete\n        dismissedAt\n        draftDocumentId\n        shareUrl\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DismissOnboarding {\n    updateProfile(input: { onboardingDismissed: true }) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DismissOnboarding {\n    updateProfile(input: { onboardingDismissed: true }) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyMemberIdentity($input: VerifyMemberIdentityInput!) {\n    verifyMemberIdentity(input: $input) {\n      id\n      status\n      legalName\n      user {\n        id\n        identityAssurance\n        legalName\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation VerifyMemberIdentity($input: VerifyMemberIdentityInput!) {\n    verifyMemberIdentity(input: $input) {\n      id\n      status\n      legalName\n      user {\n        id\n        identityAssurance\n        legalName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOrganizationSettings($input: UpdateOrganizationSettingsInput!) {\n    updateOrganizationSettings(input: $input) {\n      id\n      requireVerifiedIdentity\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateOrganizationSettings($input: UpdateOrganizationSettingsInput!) {\n    updateOrganizationSettings(input: $input) {\n      id\n      requireVerifiedIdentity\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MemberIdentity on User {\n    id\n    email\n    displayName\n    identityAssurance\n    legalName\n  }\n"): (typeof documents)["\n  fragment MemberIdentity on User {\n    id\n    email\n    displayName\n    identityAssurance\n    legalName\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationPage {\n    me {\n      id\n      identityAssurance\n    }\n    organization {\n      id\n      name\n      slug\n      planLevel\n      maxTeamMembers\n      requireVerifiedIdentity\n    }\n    subscription {\n      status\n    }\n    myOrganizations(limit: 50) {\n      id\n      role\n      isPrimaryOrg\n      organization {\n        id\n        name\n        planLevel\n      }\n    }\n    organizationMembersConnection(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          role\n          insertedAt\n          user {\n            ...MemberIdentity\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrganizationPage {\n    me {\n      id\n      identityAssurance\n    }\n    organization {\n      id\n      name\n      slug\n      planLevel\n      maxTeamMembers\n      requireVerifiedIdentity\n    }\n    subscription {\n      status\n    }\n    myOrganizations(limit: 50) {\n      id\n      role\n      isPrimaryOrg\n      organization {\n        id\n        name\n        planLevel\n      }\n    }\n    organizationMembersConnection(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          role\n          insertedAt\n          user {\n            ...MemberIdentity\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpsertMember($input: UpsertOrganizationMemberInput!) {\n    upsertOrganizationMember(input: $input) {\n      id\n      role\n      user {\n        id\n        email\n        displayName\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpsertMember($input: UpsertOrganizationMemberInput!) {\n    upsertOrganizationMember(input: $input) {\n      id\n      role\n      user {\n        id\n        email\n        displayName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveMember($id: UUID!) {\n    removeOrganizationMember(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveMember($id: UUID!) {\n    removeOrganizationMember(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPrimary($organizationId: UUID!) {\n    setPrimaryOrganization(organizationId: $organizationId) {\n      id\n      isPrimaryOrg\n    }\n  }\n"): (typeof documents)["\n  mutation SetPrimary($organizationId: UUID!) {\n    setPrimaryOrganization(organizationId: $organizationId) {\n      id\n      isPrimaryOrg\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetupOrganization($input: SetupOrganizationInput!) {\n    setupOrganization(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation SetupOrganization($input: SetupOrganizationInput!) {\n    setupOrganization(input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SealOptions {\n    credentialsConnection(first: 100) {\n      edges {\n        node {\n          id\n          displayName\n          licenseType\n          licenseNumber\n          regionCode\n          canSeal\n          stampSvg\n        }\n      }\n    }\n    signingCertificates(limit: 100) {\n      id\n      name\n      isDefault\n      status\n    }\n  }\n"): (typeof documents)["\n  query SealOptions {\n    credentialsConnection(first: 100) {\n      edges {\n        node {\n          id\n          displayName\n          licenseType\n          licenseNumber\n          regionCode\n          canSeal\n          stampSvg\n        }\n      }\n    }\n    signingCertificates(limit: 100) {\n      id\n      name\n      isDefault\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Seals {\n    sealsConnection(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          verificationCode\n          verificationUrl\n          sealedAt\n          pkiSigned\n          signingCertificate {\n            id\n            issuedByServiceCa\n          }\n          document {\n            id\n            name\n          }\n          credential {\n            id\n            licenseType\n            licenseNumber\n            regionCode\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Seals {\n    sealsConnection(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          verificationCode\n          verificationUrl\n          sealedAt\n          pkiSigned\n          signingCertificate {\n            id\n            issuedByServiceCa\n          }\n          document {\n            id\n            name\n          }\n          credential {\n            id\n            licenseType\n            licenseNumber\n            regionCode\n          }\n        }\n      }\n    }\n  }\n"];
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
export function graphql(source: "\n  mutation CreateDocument($input: CreateDocumentInput!) {\n    createDocument(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDocument($input: CreateDocumentInput!) {\n    createDocument(input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BatchJobFields on BatchSealJob {\n    id\n    status\n    totalDocuments\n    completedDocuments\n    failedDocuments\n    cancelledDocuments\n    progressPercent\n    remaining\n    startedAt\n    completedAt\n    insertedAt\n    credential {\n      id\n      displayName\n    }\n  }\n"): (typeof documents)["\n  fragment BatchJobFields on BatchSealJob {\n    id\n    status\n    totalDocuments\n    completedDocuments\n    failedDocuments\n    cancelledDocuments\n    progressPercent\n    remaining\n    startedAt\n    completedAt\n    insertedAt\n    credential {\n      id\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BatchJobDetailFields on BatchSealJob {\n    ...BatchJobFields\n    pageMode\n    positionX\n    positionY\n    size\n    footerPosition\n    signingCertificate {\n      id\n      name\n      issuedByServiceCa\n    }\n  }\n"): (typeof documents)["\n  fragment BatchJobDetailFields on BatchSealJob {\n    ...BatchJobFields\n    pageMode\n    positionX\n    positionY\n    size\n    footerPosition\n    signingCertificate {\n      id\n      name\n      issuedByServiceCa\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BatchJob($id: UUID!, $offset: Int!) {\n    batchSealJob(id: $id) {\n      ...BatchJobDetailFields\n      items(first: 100, offset: $offset) {\n        id\n        status\n        errorMessage\n        processingCompletedAt\n        document {\n          id\n          name\n        }\n        seal {\n          id\n          verificationCode\n          verificationUrl\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query BatchJob($id: UUID!, $offset: Int!) {\n    batchSealJob(id: $id) {\n      ...BatchJobDetailFields\n      items(first: 100, offset: $offset) {\n        id\n        status\n        errorMessage\n        processingCompletedAt\n        document {\n          id\n          name\n        }\n        seal {\n          id\n          verificationCode\n          verificationUrl\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BatchJobFailedItems($id: UUID!, $offset: Int!) {\n    batchSealJob(id: $id) {\n      ...BatchJobDetailFields\n      items(status: FAILED, first: 200, offset: $offset) {\n        id\n        status\n        document {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query BatchJobFailedItems($id: UUID!, $offset: Int!) {\n    batchSealJob(id: $id) {\n      ...BatchJobDetailFields\n      items(status: FAILED, first: 200, offset: $offset) {\n        id\n        status\n        document {\n          id\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBatchSealJob($input: CreateBatchSealInput!) {\n    createBatchSealJob(input: $input) {\n      ...BatchJobDetailFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateBatchSealJob($input: CreateBatchSealInput!) {\n    createBatchSealJob(input: $input) {\n      ...BatchJobDetailFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelBatchSealJob($id: UUID!) {\n    cancelBatchSealJob(id: $id) {\n      ...BatchJobDetailFields\n    }\n  }\n"): (typeof documents)["\n  mutation CancelBatchSealJob($id: UUID!) {\n    cancelBatchSealJob(id: $id) {\n      ...BatchJobDetailFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Upload($file: Upload!) {\n    uploadFile(file: $file) {\n      fileHash\n    }\n  }\n"): (typeof documents)["\n  mutation Upload($file: Upload!) {\n    uploadFile(file: $file) {\n      fileHash\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;