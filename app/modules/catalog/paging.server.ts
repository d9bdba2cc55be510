/**
 * Fetches a page whose rows carry the exact total (count(*) over()); a page past the end answers
 * the last page instead, found with one extra count.
 */
export async function fetchPageClamped<Row extends { total: number }>(
  requestedPage: number,
  pageSize: number,
  fetchPage: (page: number) => Promise<Row[]>,
  countAll: () => Promise<number>,
): Promise<{ rows: Row[]; page: number; total: number; pageCount: number }> {
  let page = requestedPage;
  let rows = await fetchPage(page);
  if (rows.length === 0 && page > 1) {
    const lastPage = Math.max(1, Math.ceil((await countAll()) / pageSize));
    if (lastPage < page) {
      page = lastPage;
      rows = await fetchPage(page);
    }
  }
  const total = rows[0]?.total ?? 0;
  return { rows, page, total, pageCount: Math.ceil(total / pageSize) };
}
