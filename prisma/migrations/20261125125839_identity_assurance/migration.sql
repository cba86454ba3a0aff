-- CreateEnum
CREATE TYPE "IdentityAssurance" AS ENUM ('SELF_ASSERTED', 'DOCUMENT_VERIFIED', 'ORGANIZATION_ATTESTED');

-- CreateEnum
CREATE TYPE "IdentityVerificationMethod" AS ENUM ('STRIPE_IDENTITY', 'ADMIN_REVIEW', 'ORGANIZATION_ATTESTATION');

-- CreateEnum
CREATE TYPE "IdentityVerificationStatus" AS ENUM ('PENDING', 'VERIFIED', 'REJECTED', 'CANCELED');

-- AlterTable
ALTER TABLE "Credential" ADD COLUMN     "disputedAt" TIMESTAMP(3),
ADD COLUMN     "suspendedAt" TIMESTAMP(3),
ADD COLUMN     "suspendedById" UUID,
ADD COLUMN     "suspensionReason" TEXT;

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "requireVerifiedIdentity" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Seal" ADD COLUMN     "disputedAt" TIMESTAMP(3),
ADD COLUMN     "identityAssurance" "IdentityAssurance" NOT NULL DEFAULT 'SELF_ASSERTED';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "identityAssurance" "IdentityAssurance" NOT NULL DEFAULT 'SELF_ASSERTED',
ADD COLUMN     "identityVerifiedAt" TIMESTAMP(3),
ADD COLUMN     "legalName" TEXT;

-- CreateTable
CREATE TABLE "IdentityVerification" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "method" "IdentityVerificationMethod" NOT NULL,
    "status" "IdentityVerificationStatus" NOT NULL DEFAULT 'PENDING',
    "legalName" TEXT,
    "stripeSessionId" TEXT,
    "reviewerId" UUID,
    "organizationId" UUID,
    "note" TEXT,
    "rejectionReason" TEXT,
    "decidedAt" TIMESTAMP(3),
    "insertedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IdentityVerification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LicenseHold" (
    "licenseKey" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "insertedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LicenseHold_pkey" PRIMARY KEY ("licenseKey")
);

-- CreateIndex
CREATE UNIQUE INDEX "IdentityVerification_stripeSessionId_key" ON "IdentityVerification"("stripeSessionId");

-- CreateIndex
CREATE INDEX "IdentityVerification_status_insertedAt_idx" ON "IdentityVerification"("status", "insertedAt");

-- CreateIndex
CREATE INDEX "IdentityVerification_userId_insertedAt_idx" ON "IdentityVerification"("userId", "insertedAt");

-- CreateIndex
CREATE INDEX "LicenseHold_userId_idx" ON "LicenseHold"("userId");

-- AddForeignKey
ALTER TABLE "IdentityVerification" ADD CONSTRAINT "IdentityVerification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdentityVerification" ADD CONSTRAINT "IdentityVerification_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdentityVerification" ADD CONSTRAINT "IdentityVerification_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LicenseHold" ADD CONSTRAINT "LicenseHold_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
