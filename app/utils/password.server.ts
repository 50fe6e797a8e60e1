/**
 * Password hashes: PBKDF2-SHA-256 through WebCrypto over an HMAC-SHA-256 of the password keyed with
 * a Worker secret, the pepper (decision 048). A stolen database alone then cannot be brute-forced:
 * the guesser also needs the pepper, which lives only in the Worker's secrets.
 *
 * Cloudflare's production runtime refuses more than 100,000 PBKDF2 iterations (local workerd does
 * not), so the count is capped here and a test asserts it.
 *
 * Stored as `pbkdf2-sha256-peppered$<pepper id>$<iterations>$<salt b64>$<hash b64>`: every parameter
 * travels with the hash, so a login can tell a hash made with other parameters and rehash it.
 * Hashes from before the pepper, `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`, still verify
 * (without the pepper) and are replaced at the next successful login.
 */
export const PBKDF2_ITERATIONS = 100_000;
const KEY_BITS = 256;
const PEPPERED = "pbkdf2-sha256-peppered";
const LEGACY = "pbkdf2-sha256";

/** The Worker secret PASSWORD_PEPPER (at least 32 characters, checked by env.server). */
export type Pepper = string;

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function hmac(key: string, message: string): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(message)));
}

/**
 * A short public fingerprint of the pepper stored with each hash: a new pepper then shows as
 * "parameters changed" instead of every password silently failing to match.
 */
export async function pepperId(pepper: Pepper): Promise<string> {
  const bytes = await hmac(pepper, "warm-intros password pepper id");
  return [...bytes.slice(0, 4)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function derive(secret: Uint8Array, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", secret as BufferSource, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    KEY_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: Pepper, iterations = PBKDF2_ITERATIONS): Promise<string> {
  if (iterations > 100_000) throw new Error("PBKDF2 iterations above 100,000 are refused by Workers");
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(await hmac(pepper, password), salt, iterations);
  return `${PEPPERED}$${await pepperId(pepper)}$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

type Parsed = { peppered: boolean; pepperId: string | null; iterations: number; salt: Uint8Array; hash: Uint8Array };

function parse(stored: string): Parsed | null {
  const parts = stored.split("$");
  let peppered: boolean;
  let id: string | null = null;
  let rest: string[];
  if (parts[0] === PEPPERED && parts.length === 5) {
    peppered = true;
    id = parts[1] ?? "";
    rest = parts.slice(2);
  } else if (parts[0] === LEGACY && parts.length === 4) {
    peppered = false;
    rest = parts.slice(1);
  } else {
    return null;
  }
  const [iterationsText, saltText, hashText] = rest;
  const iterations = Number(iterationsText);
  if (!saltText || !hashText || !Number.isInteger(iterations)) return null;
  if (iterations < 1 || iterations > 100_000) return null;
  try {
    return { peppered, pepperId: id, iterations, salt: fromBase64(saltText), hash: fromBase64(hashText) };
  } catch {
    // A corrupt stored hash is a failed login, not a 500.
    return null;
  }
}

export async function verifyPassword(password: string, stored: string, pepper: Pepper): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  // The pepper's id is compared after the work, so a hash made under another pepper costs the same.
  const secret = parsed.peppered ? await hmac(pepper, password) : encoder.encode(password);
  const actual = await derive(secret, parsed.salt, parsed.iterations);
  const matches = timingSafeEqual(actual, parsed.hash);
  return matches && (!parsed.peppered || parsed.pepperId === (await pepperId(pepper)));
}

/** Whether a (verified) stored hash was made with other parameters than today's: then rehash it. */
export async function needsRehash(stored: string, pepper: Pepper): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed?.peppered) return true;
  return parsed.iterations !== PBKDF2_ITERATIONS || parsed.pepperId !== (await pepperId(pepper));
}

/** A fixed hash to verify against when the username is unknown, so timing does not tell. */
export const DUMMY_PASSWORD_HASH = `${PEPPERED}$00000000$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
