import { AppError } from '../../errors.ts';

/** The page size of a list query: 20 when omitted; below 1 or above its maximum is BAD_USER_INPUT, never a silent cut. */
export function checkLimit(limit: number | null | undefined, max: number, name = 'limit'): number {
  if (limit === null || limit === undefined) return Math.min(20, max);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new AppError('BAD_USER_INPUT', `${name} must be between 1 and ${max}; got ${limit}`);
  }
  return limit;
}
