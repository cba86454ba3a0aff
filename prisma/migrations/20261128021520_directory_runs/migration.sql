-- DropIndex
DROP INDEX "ProfessionalNameToken_token_lastName_firstName_professional_idx";

-- DropIndex
DROP INDEX "ProfessionalNameToken_token_professionId_stateCode_lastName_idx";

-- CreateIndex
CREATE INDEX "ProfessionalNameToken_token_professionId_lastName_firstName_idx" ON "ProfessionalNameToken"("token", "professionId", "lastName", "firstName", "professionalId", "stateCode", "searchName");

-- CreateIndex
CREATE INDEX "ProfessionalNameToken_token_lastName_firstName_professional_idx" ON "ProfessionalNameToken"("token", "lastName", "firstName", "professionalId", "professionId", "stateCode", "searchName");

-- CreateIndex
CREATE INDEX "ProfessionalNameToken_token_stateCode_lastName_firstName_pr_idx" ON "ProfessionalNameToken"("token", "stateCode", "lastName", "firstName", "professionalId", "professionId", "searchName");
