import crypto from 'node:crypto';
import { jwtKey } from '../auth/secret.ts';

/** next-auth's cookie key, derived from the key that signs access tokens (no second secret to manage). */
export function dashboardSecret(): string {
  return crypto.createHmac('sha256', jwtKey()).update('sealwright dashboard session').digest('base64url');
}
