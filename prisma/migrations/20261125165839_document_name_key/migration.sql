-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "nameKey" TEXT NOT NULL DEFAULT '';

-- The name in lower case, kept by the database itself on every insert and rename, so sorting by
-- name ignores case on any collation (PGlite's is C) and no writer of documents can forget it.
CREATE FUNCTION "document_name_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."nameKey" := lower(NEW."name");
  RETURN NEW;
END;
$$;
CREATE TRIGGER "Document_nameKey" BEFORE INSERT OR UPDATE OF "name" ON "Document" FOR EACH ROW EXECUTE FUNCTION "document_name_key"();
UPDATE "Document" SET "nameKey" = lower("name");

-- CreateIndex
CREATE INDEX "Document_organizationId_deletedAt_nameKey_id_idx" ON "Document"("organizationId", "deletedAt", "nameKey", "id");
