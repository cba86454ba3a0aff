-- AlterTable
ALTER TABLE "Credential" ADD COLUMN     "certificateExpiresAt" TIMESTAMP(3),
ADD COLUMN     "certificateFingerprint" TEXT,
ADD COLUMN     "certificateIssuedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Seal" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "credentialId" UUID,
    "signingCertificateId" UUID,
    "createdById" UUID,
    "verificationCode" TEXT NOT NULL,
    "documentHash" TEXT NOT NULL,
    "sealedAt" TIMESTAMP(3) NOT NULL,
    "pkiSigned" BOOLEAN NOT NULL DEFAULT false,
    "verificationCount" INTEGER NOT NULL DEFAULT 0,
    "documentName" TEXT NOT NULL,
    "holderName" TEXT NOT NULL,
    "licenseType" TEXT NOT NULL,
    "licenseNumber" TEXT NOT NULL,
    "regionCode" TEXT NOT NULL,
    "licenseExpiresOn" DATE,
    "signerName" TEXT,
    "issuerName" TEXT,
    "pages" INTEGER[],
    "positionX" DOUBLE PRECISION NOT NULL,
    "positionY" DOUBLE PRECISION NOT NULL,
    "size" DOUBLE PRECISION NOT NULL,
    "insertedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Seal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SigningCertificate" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "credentialId" UUID,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "commonName" TEXT NOT NULL,
    "issuerCn" TEXT NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "notBefore" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "fingerprintSha256" TEXT NOT NULL,
    "certificateChain" TEXT NOT NULL,
    "encryptedPrivateKey" BYTEA,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "insertedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SigningCertificate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Seal_verificationCode_key" ON "Seal"("verificationCode");

-- CreateIndex
CREATE INDEX "Seal_organizationId_insertedAt_id_idx" ON "Seal"("organizationId", "insertedAt", "id");

-- CreateIndex
CREATE INDEX "Seal_documentId_idx" ON "Seal"("documentId");

-- CreateIndex
CREATE INDEX "Seal_documentHash_idx" ON "Seal"("documentHash");

-- CreateIndex
CREATE INDEX "SigningCertificate_organizationId_revokedAt_insertedAt_id_idx" ON "SigningCertificate"("organizationId", "revokedAt", "insertedAt", "id");

-- CreateIndex
CREATE INDEX "SigningCertificate_userId_idx" ON "SigningCertificate"("userId");

-- AddForeignKey
ALTER TABLE "DocumentVersion" ADD CONSTRAINT "DocumentVersion_sealId_fkey" FOREIGN KEY ("sealId") REFERENCES "Seal"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Seal" ADD CONSTRAINT "Seal_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Seal" ADD CONSTRAINT "Seal_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Seal" ADD CONSTRAINT "Seal_credentialId_fkey" FOREIGN KEY ("credentialId") REFERENCES "Credential"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Seal" ADD CONSTRAINT "Seal_signingCertificateId_fkey" FOREIGN KEY ("signingCertificateId") REFERENCES "SigningCertificate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Seal" ADD CONSTRAINT "Seal_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SigningCertificate" ADD CONSTRAINT "SigningCertificate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SigningCertificate" ADD CONSTRAINT "SigningCertificate_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SigningCertificate" ADD CONSTRAINT "SigningCertificate_credentialId_fkey" FOREIGN KEY ("credentialId") REFERENCES "Credential"("id") ON DELETE SET NULL ON UPDATE CASCADE;
