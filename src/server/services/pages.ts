// One page of a list (D34): `page` from 1 and `page_size` from 1 to 100, as the contract's Page
// and PageSize parameters check; every list answers {results, count, page, page_size}.

export interface PageRequest {
  page: number;
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 20;

/** The page a list operation's query asks for, with the contract's defaults. */
export function pageRequest(query?: { page?: number; page_size?: number }): PageRequest {
  return { page: query?.page ?? 1, pageSize: query?.page_size ?? DEFAULT_PAGE_SIZE };
}

/** Rows to skip before the page. */
export const offsetOf = ({ page, pageSize }: PageRequest): number => (page - 1) * pageSize;

export function pageOf<T>(results: T[], count: number, { page, pageSize }: PageRequest) {
  return { results, count, page, page_size: pageSize };
}
