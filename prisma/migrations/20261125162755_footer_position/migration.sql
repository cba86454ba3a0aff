-- CreateEnum
CREATE TYPE "FooterPosition" AS ENUM ('BELOW_STAMP', 'BOTTOM_LEFT', 'BOTTOM_RIGHT', 'TOP_LEFT', 'TOP_RIGHT');

-- AlterTable
ALTER TABLE "BatchSealJob" ADD COLUMN     "footerPosition" "FooterPosition" NOT NULL DEFAULT 'BELOW_STAMP';

-- AlterTable: the seals made before the choice existed carry their footer at the bottom left.
ALTER TABLE "Seal" ADD COLUMN     "footerPosition" "FooterPosition" NOT NULL DEFAULT 'BOTTOM_LEFT';
ALTER TABLE "Seal" ALTER COLUMN "footerPosition" SET DEFAULT 'BELOW_STAMP';
