-- CreateTable
CREATE TABLE "CertificateRevocation" (
    "certificateId" UUID NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "fingerprintSha256" TEXT NOT NULL,
    "certificateChain" TEXT NOT NULL,
    "revokedAt" TIMESTAMP(3) NOT NULL,
    "reason" TEXT NOT NULL,

    CONSTRAINT "CertificateRevocation_pkey" PRIMARY KEY ("certificateId")
);

-- CreateIndex
CREATE INDEX "CertificateRevocation_revokedAt_idx" ON "CertificateRevocation"("revokedAt");

-- Revocations are written by the database, whatever changes a certificate or a credential:
-- a certificate deleted (revokedAt set), removed with its account, or whose credential is revoked.
CREATE FUNCTION "certificate_revoked"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "CertificateRevocation" ("certificateId", "serialNumber", "fingerprintSha256", "certificateChain", "revokedAt", "reason")
    VALUES (NEW."id", NEW."serialNumber", NEW."fingerprintSha256", NEW."certificateChain", NEW."revokedAt", 'cessationOfOperation')
    ON CONFLICT ("certificateId") DO NOTHING;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "SigningCertificate_revoked" AFTER UPDATE OF "revokedAt" ON "SigningCertificate"
  FOR EACH ROW WHEN (OLD."revokedAt" IS NULL AND NEW."revokedAt" IS NOT NULL) EXECUTE FUNCTION "certificate_revoked"();

CREATE FUNCTION "certificate_removed"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "CertificateRevocation" ("certificateId", "serialNumber", "fingerprintSha256", "certificateChain", "revokedAt", "reason")
    VALUES (OLD."id", OLD."serialNumber", OLD."fingerprintSha256", OLD."certificateChain", COALESCE(OLD."revokedAt", now() AT TIME ZONE 'UTC'), 'cessationOfOperation')
    ON CONFLICT ("certificateId") DO NOTHING;
  RETURN OLD;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "SigningCertificate_removed" BEFORE DELETE ON "SigningCertificate"
  FOR EACH ROW EXECUTE FUNCTION "certificate_removed"();

CREATE FUNCTION "credential_revoked"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "CertificateRevocation" ("certificateId", "serialNumber", "fingerprintSha256", "certificateChain", "revokedAt", "reason")
    SELECT c."id", c."serialNumber", c."fingerprintSha256", c."certificateChain", now() AT TIME ZONE 'UTC', 'privilegeWithdrawn'
    FROM "SigningCertificate" c WHERE c."credentialId" = NEW."id"
    ON CONFLICT ("certificateId") DO NOTHING;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "Credential_revoked" AFTER UPDATE OF "status" ON "Credential"
  FOR EACH ROW WHEN (NEW."status" = 'REVOKED' AND OLD."status" IS DISTINCT FROM 'REVOKED') EXECUTE FUNCTION "credential_revoked"();

-- What was revoked before: deleted certificates, and those of credentials revoked (when: their last change).
INSERT INTO "CertificateRevocation" ("certificateId", "serialNumber", "fingerprintSha256", "certificateChain", "revokedAt", "reason")
  SELECT "id", "serialNumber", "fingerprintSha256", "certificateChain", "revokedAt", 'cessationOfOperation' FROM "SigningCertificate" WHERE "revokedAt" IS NOT NULL;
INSERT INTO "CertificateRevocation" ("certificateId", "serialNumber", "fingerprintSha256", "certificateChain", "revokedAt", "reason")
  SELECT c."id", c."serialNumber", c."fingerprintSha256", c."certificateChain", cr."updatedAt", 'privilegeWithdrawn'
  FROM "SigningCertificate" c JOIN "Credential" cr ON cr."id" = c."credentialId" WHERE cr."status" = 'REVOKED'
  ON CONFLICT ("certificateId") DO NOTHING;
