/**
 * `npm run users:admin -- <email>`: make an existing account a platform administrator
 * (User.role = 'admin'), who reviews identity verification requests at /admin/identity.
 * Prints what it did; exits 1 for an unknown email. With the embedded database (PGlite), stop
 * the server first: one process at a time opens a data directory.
 */
import { closeDatabase, db } from '../lib/db/index.ts';
import { describeDatabaseError } from '../lib/db/describe-error.ts';

// Accounts keep their email lowercased (lib/auth/accounts.ts).
const email = process.argv[2]?.trim().toLowerCase();
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run users:admin -- <email>');
  process.exit(2);
}

try {
  const user = await db().user.findUnique({ where: { email }, select: { id: true, email: true, role: true } });
  if (!user) {
    console.error(`No account with the email ${email}: it must register first.`);
    process.exitCode = 1;
  } else if (user.role === 'admin') {
    console.log(`${user.email} is already a platform administrator.`);
  } else {
    await db().user.update({ where: { id: user.id }, data: { role: 'admin' }, select: { id: true } });
    console.log(`${user.email} is now a platform administrator (role was ${user.role}): they review identity requests at /admin/identity.`);
  }
} catch (err) {
  console.error(describeDatabaseError(err, process.env.DATABASE_URL));
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
