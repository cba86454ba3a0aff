-- CreateEnum
CREATE TYPE "DocumentEventType" AS ENUM ('UPLOADED', 'VERSION_ADDED', 'SEALED', 'PDF_EDITED', 'DOWNLOADED', 'DELETED');

-- CreateTable
CREATE TABLE "DocumentEvent" (
    "id" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "type" "DocumentEventType" NOT NULL,
    "actorId" UUID,
    "actorName" TEXT,
    "clientAddress" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "occurredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DocumentEvent_documentId_occurredAt_id_idx" ON "DocumentEvent"("documentId", "occurredAt", "id");

-- CreateIndex
CREATE INDEX "DocumentEvent_actorId_idx" ON "DocumentEvent"("actorId");

-- AddForeignKey
ALTER TABLE "DocumentEvent" ADD CONSTRAINT "DocumentEvent_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentEvent" ADD CONSTRAINT "DocumentEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
