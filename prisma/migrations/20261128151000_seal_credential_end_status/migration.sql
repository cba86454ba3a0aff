-- AlterTable
ALTER TABLE "Seal" ADD COLUMN     "credentialEndStatus" "CredentialStatus";
