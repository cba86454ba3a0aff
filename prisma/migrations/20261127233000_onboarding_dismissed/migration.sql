-- AlterTable
ALTER TABLE "User" ADD COLUMN     "onboardingDismissedAt" TIMESTAMP(3);
