// Paging through a long list (a log can hold a million events): pure arithmetic, tested.

export interface PageState {
  offset: number;
  size: number;
  total: number;
}

/** 1-based range shown, e.g. 51–100 of 230; `from` is 0 for an empty list. */
export function range(p: PageState): { from: number; to: number; total: number } {
  if (p.total === 0) return { from: 0, to: 0, total: 0 };
  return { from: p.offset + 1, to: Math.min(p.offset + p.size, p.total), total: p.total };
}

export function hasPrev(p: PageState): boolean {
  return p.offset > 0;
}

export function hasNext(p: PageState): boolean {
  return p.offset + p.size < p.total;
}

export function next(p: PageState): number {
  return hasNext(p) ? p.offset + p.size : p.offset;
}

export function prev(p: PageState): number {
  return Math.max(0, p.offset - p.size);
}

/** The offset of the last page. */
export function last(p: PageState): number {
  if (p.total === 0) return 0;
  return Math.floor((p.total - 1) / p.size) * p.size;
}
