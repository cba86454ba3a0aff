-- The client address of the request that queued a batch job: its items' SEALED audit events carry it.
ALTER TABLE "BatchSealJob" ADD COLUMN "clientAddress" TEXT;
