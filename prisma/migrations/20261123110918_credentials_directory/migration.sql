-- Trigram indexes for name search (Professional.searchName): pg_trgm ships with PostgreSQL and PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateEnum
CREATE TYPE "CredentialStatus" AS ENUM ('PENDING', 'CLAIMED', 'VERIFIED', 'REJECTED', 'EXPIRED', 'REVOKED');

-- CreateEnum
CREATE TYPE "VerificationMethod" AS ENUM ('VENDOR_API', 'BOARD_LOOKUP', 'MANUAL');

-- CreateTable
CREATE TABLE "Profession" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "shortName" TEXT NOT NULL,
    "titleSuffix" TEXT NOT NULL,
    "professionGroup" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "iconName" TEXT NOT NULL,
    "parentSlug" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "insertedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Profession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Professional" (
    "id" UUID NOT NULL,
    "professionId" UUID NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "fullName" TEXT NOT NULL,
    "searchName" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "stateCode" TEXT NOT NULL,
    "licenseNumber" TEXT NOT NULL,
    "licenseStatus" TEXT NOT NULL,
    "expirationDate" DATE,
    "headline" TEXT,
    "photoUrl" TEXT,
    "currentTitle" TEXT,
    "currentCompany" TEXT,
    "city" TEXT,
    "discipline" TEXT,
    "summary" TEXT,
    "networkUrl" TEXT,
    "websiteUrl" TEXT,
    "yearsExperience" INTEGER,
    "specializations" TEXT[],
    "skills" TEXT[],
    "education" TEXT[],
    "certifications" TEXT[],
    "enrichmentConfidence" DOUBLE PRECISION,
    "lastVerifiedAt" TIMESTAMP(3),
    "insertedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Professional_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BoardRecord" (
    "id" UUID NOT NULL,
    "stateCode" TEXT NOT NULL,
    "licenseType" TEXT NOT NULL,
    "licenseNumber" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "fullName" TEXT NOT NULL,
    "searchLastName" TEXT NOT NULL,
    "companyName" TEXT,
    "city" TEXT,
    "discipline" TEXT,
    "expirationDate" DATE,
    "licenseStatus" TEXT NOT NULL,
    "insertedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BoardRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Credential" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "professionalId" UUID,
    "licenseNumber" TEXT NOT NULL,
    "regionCode" TEXT NOT NULL,
    "licenseType" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "status" "CredentialStatus" NOT NULL DEFAULT 'PENDING',
    "verificationMethod" "VerificationMethod" NOT NULL DEFAULT 'MANUAL',
    "verifiedAt" TIMESTAMP(3),
    "lastVerifiedAt" TIMESTAMP(3),
    "expirationDate" DATE,
    "rejectionReason" TEXT,
    "insertedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Credential_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Profession_slug_key" ON "Profession"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Professional_slug_key" ON "Professional"("slug");

-- CreateIndex
CREATE INDEX "Professional_professionId_stateCode_lastName_firstName_id_idx" ON "Professional"("professionId", "stateCode", "lastName", "firstName", "id");

-- CreateIndex
CREATE INDEX "Professional_searchName_idx" ON "Professional" USING GIN ("searchName" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "Professional_stateCode_professionId_licenseNumber_key" ON "Professional"("stateCode", "professionId", "licenseNumber");

-- CreateIndex
CREATE INDEX "BoardRecord_stateCode_searchLastName_idx" ON "BoardRecord"("stateCode", "searchLastName");

-- CreateIndex
CREATE UNIQUE INDEX "BoardRecord_stateCode_licenseType_licenseNumber_key" ON "BoardRecord"("stateCode", "licenseType", "licenseNumber");

-- CreateIndex
CREATE INDEX "Credential_organizationId_insertedAt_id_idx" ON "Credential"("organizationId", "insertedAt", "id");

-- CreateIndex
CREATE INDEX "Credential_userId_idx" ON "Credential"("userId");

-- CreateIndex
CREATE INDEX "Credential_lastVerifiedAt_idx" ON "Credential"("lastVerifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Credential_regionCode_licenseType_licenseNumber_key" ON "Credential"("regionCode", "licenseType", "licenseNumber");

-- AddForeignKey
ALTER TABLE "Professional" ADD CONSTRAINT "Professional_professionId_fkey" FOREIGN KEY ("professionId") REFERENCES "Profession"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Credential" ADD CONSTRAINT "Credential_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Credential" ADD CONSTRAINT "Credential_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
