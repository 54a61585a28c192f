import type { AdminCategory } from '../../../../../contracts/catalog-admin';

/**
 * Categories as a drop-down lists them: "Men › Graphic Tees", so two "Graphic Tees" (men's and women's) are
 * told apart; top-level ones by their name. Listed parent first, then its children, in the tree's order.
 */
export function categoryOptions(categories: readonly AdminCategory[]): Array<{ value: string; label: string }> {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const label = (category: AdminCategory) => {
    const parent = category.parent_id ? byId.get(category.parent_id) : undefined;
    return parent ? `${parent.name} › ${category.name}` : category.name;
  };
  const tops = categories.filter((category) => !category.parent_id || !byId.has(category.parent_id));
  const ordered: AdminCategory[] = [];
  for (const top of tops) {
    ordered.push(top);
    ordered.push(...categories.filter((category) => category.parent_id === top.id));
  }
  return ordered.map((category) => ({ value: String(category.id), label: label(category) }));
}
