-- DropIndex
DROP INDEX "Credential_regionCode_licenseType_licenseNumber_key";

-- AlterTable
ALTER TABLE "Credential" ADD COLUMN     "licenseKey" TEXT;

-- Every credential but a rejected one holds its license, as the old unique key had it.
UPDATE "Credential" SET "licenseKey" = "regionCode" || '|' || "licenseType" || '|' || "licenseNumber" WHERE "status" <> 'REJECTED';

-- CreateIndex
CREATE UNIQUE INDEX "Credential_licenseKey_key" ON "Credential"("licenseKey");

-- CreateIndex
CREATE INDEX "Credential_regionCode_licenseType_licenseNumber_idx" ON "Credential"("regionCode", "licenseType", "licenseNumber");
