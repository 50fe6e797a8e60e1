/**
 * Seals small secrets at rest (TOTP secrets, decision 050) with AES-256-GCM under a key derived by
 * HKDF-SHA-256 from SESSION_SECRET, so a copy of the database alone does not yield them. `context`
 * (e.g. the user id) is bound in as associated data: a sealed value moved to another row does not open.
 * Rotating SESSION_SECRET makes sealed values unreadable (two-factor must then be set up again).
 */
const VERSION = "v1";
const encoder = new TextEncoder();

const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string, purpose: string): Promise<CryptoKey> {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: encoder.encode("warm-intros secret box"), info: encoder.encode(purpose) },
          base,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keys.set(id, key);
  }
  return key;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export async function seal(secret: string, purpose: string, context: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await keyFor(secret, purpose);
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(context) },
    key,
    encoder.encode(plaintext),
  );
  return `${VERSION}.${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

/** The plaintext, or null when the value was sealed under another key or context, or is malformed. */
export async function open(secret: string, purpose: string, context: string, sealed: string): Promise<string | null> {
  const [version, iv, data] = sealed.split(".");
  if (version !== VERSION || !iv || !data) return null;
  try {
    const key = await keyFor(secret, purpose);
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(iv), additionalData: encoder.encode(context) },
      key,
      fromBase64(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
