/** Paging and search shared by the academy's list queries. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
export type Page = { page?: number; pageSize?: number; q?: string };
export const paging = (p: Page) => (p.pageSize ? { limit: p.pageSize, offset: ((p.page ?? 1) - 1) * p.pageSize } : p.page ? { limit: 10, offset: (p.page - 1) * 10 } : undefined);
export const like = (p: Page) => (p.q ? `%${escapeLike(p.q)}%` : undefined);
