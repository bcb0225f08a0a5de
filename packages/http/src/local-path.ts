const LOCAL_ORIGIN = "http://local-path.invalid";

/**
 * A path on this host, safe to redirect a browser to, or undefined: a full URL, a scheme-relative
 * `//host`, a backslash (which browsers read as a slash) or a control character is dropped, so no
 * page that sends a person back somewhere can be used as an open redirector.
 */
export function localPath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 4096) return undefined;
  if (!value.startsWith("/") || value.startsWith("//")) return undefined;
  if (value.includes("\\") || [...value].some((character) => character.charCodeAt(0) < 0x20)) return undefined;
  return new URL(value, LOCAL_ORIGIN).origin === LOCAL_ORIGIN ? value : undefined;
}
