import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
) => Promise<Buffer>;

/**
 * scrypt (memory-hard, built into node:crypto) with a 16-byte random salt. Cost 2^15, r 8, p 1
 * needs 32 MiB per hash: OWASP's minimum recommendation. Parameters are stored with the hash so
 * they can be raised later without invalidating existing passwords.
 */
const COST_LOG2 = 15;
/** The range `hashPassword` accepts: 2^10 for throwaway test people, up to 2^20 (1 GiB of memory per hash). */
const MIN_COST_LOG2 = 10;
const MAX_COST_LOG2 = 20;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

function options(costLog2: number, blockSize: number, parallelism: number): ScryptOptions {
  const N = 2 ** costLog2;
  return { N, r: blockSize, p: parallelism, maxmem: 256 * N * blockSize };
}

/**
 * `scrypt$15$8$1$<salt>$<digest>`, both base64url. `costLog2` is the service's 15 unless a caller
 * says otherwise: test suites store throwaway people at a lower cost, because a sign-in checks the
 * password at the cost its hash was made with, and hundreds of sign-ins at 2^15 were a large part of
 * a test run's CPU (issue 21). Every password the service itself takes is hashed at 15.
 */
export async function hashPassword(password: string, costLog2: number = COST_LOG2): Promise<string> {
  // Public since issue 21: a cost scrypt would refuse, or one so high it would stall the process, is a caller's bug.
  if (!Number.isInteger(costLog2) || costLog2 < MIN_COST_LOG2 || costLog2 > MAX_COST_LOG2) {
    throw new RangeError(`scrypt's cost must be a whole number from ${MIN_COST_LOG2} to ${MAX_COST_LOG2} (log2 N), not ${costLog2}.`);
  }
  const salt = randomBytes(16);
  const digest = await scrypt(password, salt, KEY_LENGTH, options(costLog2, BLOCK_SIZE, PARALLELISM));
  return ["scrypt", costLog2, BLOCK_SIZE, PARALLELISM, salt.toString("base64url"), digest.toString("base64url")].join(
    "$",
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, cost, block, parallel, salt, digest] = stored.split("$");
  if (algorithm !== "scrypt" || !cost || !block || !parallel || !salt || !digest) return false;
  const expected = Buffer.from(digest, "base64url");
  const actual = await scrypt(
    password,
    Buffer.from(salt, "base64url"),
    expected.length,
    options(Number(cost), Number(block), Number(parallel)),
  );
  return timingSafeEqual(actual, expected);
}

/**
 * A valid hash of a random password: checked when the email is unknown so that sign-in takes
 * the same time whether or not the account exists.
 */
let decoy: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
}
