-- CreateEnum
CREATE TYPE "BatchSealStatus" AS ENUM ('PENDING', 'PROCESSING', 'COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "BatchSealItemStatus" AS ENUM ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "SealPageMode" AS ENUM ('FIRST', 'LAST', 'ALL');

-- CreateTable
CREATE TABLE "BatchSealJob" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "createdById" UUID,
    "credentialId" UUID,
    "signingCertificateId" UUID,
    "status" "BatchSealStatus" NOT NULL DEFAULT 'PENDING',
    "pageMode" "SealPageMode" NOT NULL DEFAULT 'FIRST',
    "positionX" DOUBLE PRECISION NOT NULL,
    "positionY" DOUBLE PRECISION NOT NULL,
    "size" DOUBLE PRECISION NOT NULL,
    "totalDocuments" INTEGER NOT NULL,
    "completedDocuments" INTEGER NOT NULL DEFAULT 0,
    "failedDocuments" INTEGER NOT NULL DEFAULT 0,
    "cancelledDocuments" INTEGER NOT NULL DEFAULT 0,
    "cancelRequestedAt" TIMESTAMP(3),
    "startedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "insertedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BatchSealJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BatchSealItem" (
    "id" UUID NOT NULL,
    "jobId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "documentId" UUID,
    "status" "BatchSealItemStatus" NOT NULL DEFAULT 'PENDING',
    "errorMessage" TEXT,
    "sealId" UUID,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "processingStartedAt" TIMESTAMP(3),
    "processingCompletedAt" TIMESTAMP(3),

    CONSTRAINT "BatchSealItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BatchSealJob_organizationId_insertedAt_id_idx" ON "BatchSealJob"("organizationId", "insertedAt", "id");

-- CreateIndex
CREATE INDEX "BatchSealJob_organizationId_status_insertedAt_id_idx" ON "BatchSealJob"("organizationId", "status", "insertedAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "BatchSealItem_sealId_key" ON "BatchSealItem"("sealId");

-- CreateIndex
CREATE INDEX "BatchSealItem_documentId_idx" ON "BatchSealItem"("documentId");

-- CreateIndex
CREATE UNIQUE INDEX "BatchSealItem_jobId_position_key" ON "BatchSealItem"("jobId", "position");

-- AddForeignKey
ALTER TABLE "BatchSealJob" ADD CONSTRAINT "BatchSealJob_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BatchSealJob" ADD CONSTRAINT "BatchSealJob_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BatchSealJob" ADD CONSTRAINT "BatchSealJob_credentialId_fkey" FOREIGN KEY ("credentialId") REFERENCES "Credential"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BatchSealJob" ADD CONSTRAINT "BatchSealJob_signingCertificateId_fkey" FOREIGN KEY ("signingCertificateId") REFERENCES "SigningCertificate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BatchSealItem" ADD CONSTRAINT "BatchSealItem_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "BatchSealJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BatchSealItem" ADD CONSTRAINT "BatchSealItem_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BatchSealItem" ADD CONSTRAINT "BatchSealItem_sealId_fkey" FOREIGN KEY ("sealId") REFERENCES "Seal"("id") ON DELETE SET NULL ON UPDATE CASCADE;
