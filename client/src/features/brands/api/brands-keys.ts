export const brandsKeys = {
  all: ['brands'] as const,
  list: () => [...brandsKeys.all, 'list'] as const,
  row: (id: string) => [...brandsKeys.all, 'row', id] as const,
};

export interface Brand {
  id: number;
  name: string;
  description: string | null;
  /** 1 active, 0 inactive. */
  status: number;
}
