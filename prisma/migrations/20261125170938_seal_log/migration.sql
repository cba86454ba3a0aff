-- CreateTable
CREATE TABLE "SealLogEntry" (
    "leafIndex" INTEGER NOT NULL,
    "verificationCode" TEXT NOT NULL,
    "entry" TEXT NOT NULL,
    "leafHash" BYTEA NOT NULL,
    "insertedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SealLogEntry_pkey" PRIMARY KEY ("leafIndex")
);

-- CreateTable
CREATE TABLE "SealLogNode" (
    "level" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "hash" BYTEA NOT NULL,

    CONSTRAINT "SealLogNode_pkey" PRIMARY KEY ("level","position")
);

-- CreateTable
CREATE TABLE "SealLogSize" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "size" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SealLogSize_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SealLogHead" (
    "treeSize" INTEGER NOT NULL,
    "rootHash" BYTEA NOT NULL,
    "timestamp" TIMESTAMP(3) NOT NULL,
    "signature" BYTEA NOT NULL,
    "keyId" TEXT NOT NULL,

    CONSTRAINT "SealLogHead_pkey" PRIMARY KEY ("treeSize")
);

-- CreateIndex
CREATE UNIQUE INDEX "SealLogEntry_verificationCode_key" ON "SealLogEntry"("verificationCode");

-- CreateIndex
CREATE UNIQUE INDEX "SealLogEntry_leafHash_key" ON "SealLogEntry"("leafHash");

-- The log's one size row: every append increments it (lib/transparency/append.ts).
INSERT INTO "SealLogSize" ("id", "size") VALUES (1, 0);

-- Append-only: no update or delete of entries, subtree hashes or signed heads by the app or
-- by mistake (the public auditor catches anyone who gets around this).
CREATE FUNCTION "seal_log_append_only"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'The seal log is append-only: % on "%" refused', TG_OP, TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER "SealLogEntry_append_only" BEFORE UPDATE OR DELETE ON "SealLogEntry" FOR EACH ROW EXECUTE FUNCTION "seal_log_append_only"();
CREATE TRIGGER "SealLogNode_append_only" BEFORE UPDATE OR DELETE ON "SealLogNode" FOR EACH ROW EXECUTE FUNCTION "seal_log_append_only"();
CREATE TRIGGER "SealLogHead_append_only" BEFORE UPDATE OR DELETE ON "SealLogHead" FOR EACH ROW EXECUTE FUNCTION "seal_log_append_only"();
