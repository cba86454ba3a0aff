-- CreateEnum
CREATE TYPE "EncryptedMessageType" AS ENUM ('PREKEY', 'WHISPER');

-- CreateTable
CREATE TABLE "RelayKeys" (
    "userId" UUID NOT NULL,
    "identityKey" BYTEA NOT NULL,
    "registrationId" INTEGER NOT NULL,
    "signedPrekeyId" INTEGER NOT NULL,
    "signedPrekey" BYTEA NOT NULL,
    "signedPrekeySignature" BYTEA NOT NULL,
    "lastResortKyberPrekeyId" INTEGER,
    "lastResortKyberPrekey" BYTEA,
    "lastResortKyberPrekeySignature" BYTEA,
    "insertedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RelayKeys_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "OneTimePrekey" (
    "userId" UUID NOT NULL,
    "prekeyId" INTEGER NOT NULL,
    "prekey" BYTEA NOT NULL,
    "insertedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OneTimePrekey_pkey" PRIMARY KEY ("userId","prekeyId")
);

-- CreateTable
CREATE TABLE "KyberPrekey" (
    "userId" UUID NOT NULL,
    "kyberPrekeyId" INTEGER NOT NULL,
    "kyberPrekey" BYTEA NOT NULL,
    "signature" BYTEA NOT NULL,
    "insertedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "KyberPrekey_pkey" PRIMARY KEY ("userId","kyberPrekeyId")
);

-- CreateTable
CREATE TABLE "EncryptedMessage" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "senderId" UUID NOT NULL,
    "recipientId" UUID NOT NULL,
    "ciphertext" BYTEA NOT NULL,
    "messageType" "EncryptedMessageType" NOT NULL,
    "insertedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EncryptedMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EncryptedMessage_recipientId_insertedAt_seq_idx" ON "EncryptedMessage"("recipientId", "insertedAt", "seq");

-- CreateIndex
CREATE INDEX "EncryptedMessage_recipientId_senderId_idx" ON "EncryptedMessage"("recipientId", "senderId");

-- CreateIndex
CREATE INDEX "EncryptedMessage_insertedAt_idx" ON "EncryptedMessage"("insertedAt");

-- AddForeignKey
ALTER TABLE "RelayKeys" ADD CONSTRAINT "RelayKeys_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OneTimePrekey" ADD CONSTRAINT "OneTimePrekey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KyberPrekey" ADD CONSTRAINT "KyberPrekey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EncryptedMessage" ADD CONSTRAINT "EncryptedMessage_senderId_fkey" FOREIGN KEY ("senderId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EncryptedMessage" ADD CONSTRAINT "EncryptedMessage_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
