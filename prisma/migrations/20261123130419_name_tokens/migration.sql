-- DropIndex
DROP INDEX "Professional_searchName_idx";

-- CreateTable
CREATE TABLE "NameToken" (
    "token" TEXT NOT NULL,

    CONSTRAINT "NameToken_pkey" PRIMARY KEY ("token")
);

-- CreateTable
CREATE TABLE "ProfessionalNameToken" (
    "professionalId" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "professionId" UUID NOT NULL,
    "stateCode" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,

    CONSTRAINT "ProfessionalNameToken_pkey" PRIMARY KEY ("professionalId","token")
);

-- CreateIndex
CREATE INDEX "NameToken_token_idx" ON "NameToken" USING GIN ("token" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ProfessionalNameToken_token_professionId_stateCode_lastName_idx" ON "ProfessionalNameToken"("token", "professionId", "stateCode", "lastName", "firstName", "professionalId");

-- AddForeignKey
ALTER TABLE "ProfessionalNameToken" ADD CONSTRAINT "ProfessionalNameToken_professionalId_fkey" FOREIGN KEY ("professionalId") REFERENCES "Professional"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Keep the name tokens with the directory: the words of searchName (already lower case, without
-- accents or punctuation, hyphens as spaces), per statement so a bulk load costs one pass.
-- Deleting a professional deletes its tokens through the foreign key.
CREATE FUNCTION "professional_name_tokens_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "NameToken" ("token")
    SELECT DISTINCT w FROM new_rows, unnest(string_to_array(new_rows."searchName", ' ')) AS w WHERE w <> ''
    ON CONFLICT DO NOTHING;
  INSERT INTO "ProfessionalNameToken" ("professionalId", "token", "professionId", "stateCode", "lastName", "firstName")
    SELECT DISTINCT new_rows."id", w, new_rows."professionId", new_rows."stateCode", new_rows."lastName", new_rows."firstName"
    FROM new_rows, unnest(string_to_array(new_rows."searchName", ' ')) AS w WHERE w <> '';
  RETURN NULL;
END $$;

CREATE FUNCTION "professional_name_tokens_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ProfessionalNameToken" t USING old_rows WHERE t."professionalId" = old_rows."id";
  INSERT INTO "NameToken" ("token")
    SELECT DISTINCT w FROM new_rows, unnest(string_to_array(new_rows."searchName", ' ')) AS w WHERE w <> ''
    ON CONFLICT DO NOTHING;
  INSERT INTO "ProfessionalNameToken" ("professionalId", "token", "professionId", "stateCode", "lastName", "firstName")
    SELECT DISTINCT new_rows."id", w, new_rows."professionId", new_rows."stateCode", new_rows."lastName", new_rows."firstName"
    FROM new_rows, unnest(string_to_array(new_rows."searchName", ' ')) AS w WHERE w <> '';
  RETURN NULL;
END $$;

CREATE TRIGGER "Professional_name_tokens_insert" AFTER INSERT ON "Professional"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "professional_name_tokens_insert"();
CREATE TRIGGER "Professional_name_tokens_update" AFTER UPDATE ON "Professional"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "professional_name_tokens_update"();

-- The directory as it stands.
INSERT INTO "NameToken" ("token")
  SELECT DISTINCT w FROM "Professional" p, unnest(string_to_array(p."searchName", ' ')) AS w WHERE w <> ''
  ON CONFLICT DO NOTHING;
INSERT INTO "ProfessionalNameToken" ("professionalId", "token", "professionId", "stateCode", "lastName", "firstName")
  SELECT DISTINCT p."id", w, p."professionId", p."stateCode", p."lastName", p."firstName"
  FROM "Professional" p, unnest(string_to_array(p."searchName", ' ')) AS w WHERE w <> '';
