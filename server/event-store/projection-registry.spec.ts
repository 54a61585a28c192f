import type { Projection } from './projection';
import { ProjectionRegistry } from './projection-registry';

const projection = (name: string): Projection => ({ name, tables: [`${name}_table`], apply: async () => undefined });

describe('ProjectionRegistry', () => {
  it('lists projections in registration order and finds them by name', () => {
    const registry = new ProjectionRegistry();
    registry.register(projection('b'));
    registry.register(projection('a'));

    expect(registry.list().map((p) => p.name)).toEqual(['b', 'a']);
    expect(registry.get('a').tables).toEqual(['a_table']);
  });

  it('refuses a second projection with the same name, which would share a checkpoint', () => {
    const registry = new ProjectionRegistry();
    registry.register(projection('a'));

    expect(() => registry.register(projection('a'))).toThrow(/registered twice/);
  });

  it('names the known projections when asked for an unknown one', () => {
    const registry = new ProjectionRegistry();
    registry.register(projection('orders'));

    expect(() => registry.get('order')).toThrow(/known: orders/);
  });
});
