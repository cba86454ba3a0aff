-- CreateTable
CREATE TABLE "CredentialSuspension" (
    "organizationId" UUID NOT NULL,
    "licenseKey" TEXT NOT NULL,
    "suspendedAt" TIMESTAMP(3) NOT NULL,
    "suspendedById" UUID,
    "reason" TEXT,

    CONSTRAINT "CredentialSuspension_pkey" PRIMARY KEY ("organizationId","licenseKey")
);

-- AddForeignKey
ALTER TABLE "CredentialSuspension" ADD CONSTRAINT "CredentialSuspension_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
