-- CreateIndex
CREATE INDEX "DocumentIngest_status_documentId_idx" ON "DocumentIngest"("status", "documentId");
