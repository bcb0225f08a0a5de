import { nulCharacterError } from "@connector/core/guard";

interface RequestLike {
  url?: string;
}

/** `%00`, or a raw NUL: what U+0000 looks like in a request line. */
const hasNul = (text: string) => text.includes("%00") || text.includes("\u0000");

/**
 * Refuses an address that carries U+0000 in its path or query (`invalid_input` naming the query
 * parameter, or `path`) before any route reads it: a cursor, token or email looked up with a NUL
 * fails on PostgreSQL, so both dialects refuse alike. Bodies are checked by their readers.
 */
export function refuseNulInAddress() {
  return (req: RequestLike, _res: unknown, next: (error?: unknown) => void): void => {
    const url = req.url ?? "";
    if (!hasNul(url)) {
      next();
      return;
    }
    const [path = "", query = ""] = url.split("?", 2);
    if (hasNul(path)) {
      next(nulCharacterError("path"));
      return;
    }
    let field = "query";
    try {
      for (const [name, value] of new URLSearchParams(query)) {
        if (name.includes("\u0000") || value.includes("\u0000")) {
          field = name.includes("\u0000") ? "query" : name;
          break;
        }
      }
    } catch {
      // A query that cannot be decoded is still refused, as a whole.
    }
    next(nulCharacterError(field));
  };
}
