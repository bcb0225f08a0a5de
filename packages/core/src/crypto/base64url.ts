const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * Unpadded base64url (RFC 4648 §5), the form `Buffer#toString("base64url")` wrote, without the
 * Node-only `Buffer`.
 */
export function base64url(bytes: Uint8Array): string {
  let text = "";
  for (let index = 0; index < bytes.length; index += 3) {
    const a = bytes[index]!;
    const b = bytes[index + 1];
    const c = bytes[index + 2];
    const triple = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    text += ALPHABET[(triple >> 18) & 63]! + ALPHABET[(triple >> 12) & 63]!;
    if (b !== undefined) text += ALPHABET[(triple >> 6) & 63]!;
    if (c !== undefined) text += ALPHABET[triple & 63]!;
  }
  return text;
}
