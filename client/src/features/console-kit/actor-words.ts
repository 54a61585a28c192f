/** Who did something, as people say it: the staff member's name, "a shopper", "the store" for its own work. */
export function actorWords(actor: { id?: string; role?: string; name?: string | null } | null | undefined): string {
  if (!actor) return 'the store';
  if (actor.role === 'customer' || actor.role === 'guest') return 'a shopper';
  if (actor.role === 'system' || !actor.role) return 'the store';
  return actor.name?.trim() || (actor.role === 'admin' ? 'an admin' : 'care');
}
