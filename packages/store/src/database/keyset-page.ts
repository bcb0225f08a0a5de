/**
 * A keyset page from `limit + 1` rows read in key order: the extra row only says whether another
 * page exists, and the next cursor is the last returned row's key (null on the last page).
 */
export function keysetPage<Row extends { id: string }>(rows: readonly Row[], limit: number): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit && page.length > 0 ? page[page.length - 1]!.id : null };
}
