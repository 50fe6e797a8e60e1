// `npm run admin:create -- USERNAME`: creates a platform administrator in the configured database
// (local D1 by default, libSQL when LIBSQL_URL is set). The password comes from ADMIN_PASSWORD, from
// standard input when it is not a terminal, or from a hidden prompt. Public signup never makes admins.
import { createInterface } from "node:readline";
import { findUserByUsername } from "../app/domain/accounts/users.server";
import { isCommonPassword } from "../app/utils/common-passwords.server";
import { hashPassword } from "../app/utils/password.server";
import { MIN_PASSWORD_SCORE, passwordScore, WEAK_PASSWORD_MESSAGE } from "../app/utils/password-strength.server";
import { users } from "../db/schema";
import { openDatabase } from "./lib/database";

const USERNAME = /^[A-Za-z0-9_]{3,50}$/;
const ADMIN_NAME = "Administrator";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += chunk;
    return text.split(/\r?\n/)[0] ?? "";
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const ask = (q: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(q);
      const rlAny = rl as unknown as { _writeToOutput: (s: string) => void };
      rlAny._writeToOutput = () => {};
      rl.question("", (answer) => {
        process.stdout.write("\n");
        resolve(answer);
      });
    });
  const first = await ask("Password: ");
  const second = await ask("Repeat password: ");
  rl.close();
  if (first !== second) fail("Passwords don't match");
  return first;
}

const username = process.argv[2];
if (!username || !USERNAME.test(username)) fail("Usage: npm run admin:create -- USERNAME  (3-50 letters, digits or underscores)");
const password = await readPassword();
if (password.length < 8 || !/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/\d/.test(password)) {
  fail("The password needs at least 8 characters with an uppercase letter, a lowercase letter and a digit");
}
if (isCommonPassword(password)) fail("This password is too common. Choose another one.");
if (passwordScore(password, { username, name: ADMIN_NAME }) < MIN_PASSWORD_SCORE) fail(WEAK_PASSWORD_MESSAGE);

const { db, close, where, pepper } = await openDatabase();
try {
  if (await findUserByUsername(db, username)) fail(`A user named ${username} already exists in ${where}`);
  const now = new Date();
  await db.insert(users).values({
    username,
    passwordHash: await hashPassword(password, pepper),
    name: ADMIN_NAME,
    accountType: "individual",
    isAdmin: true,
    createdAt: now,
    updatedAt: now,
  });
  console.log(`Admin ${username} created in ${where}. Log in at /admin/login.`);
} finally {
  await close();
}
