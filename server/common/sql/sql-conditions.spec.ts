import { likeEscaped, SqlConditions } from './sql-conditions';

describe('SqlConditions', () => {
  it('numbers each value as a parameter and joins the conditions with AND', () => {
    const where = new SqlConditions()
      .add((p) => `status = ${p}`, 'pending')
      .addFixed('NOT archived')
      .add((p) => `(name ILIKE ${p} OR sku ILIKE ${p})`, '%tee%');
    const limit = where.parameter(21);
    expect(where.where).toBe(`WHERE status = $1 AND NOT archived AND (name ILIKE $2 OR sku ILIKE $2)`);
    expect(limit).toBe('$3');
    expect(where.parameters).toEqual(['pending', '%tee%', 21]);
  });

  it('is nothing when no filter was given', () => {
    expect(new SqlConditions().where).toBe('');
  });

  it('escapes what LIKE would read as a wildcard', () => {
    expect(likeEscaped('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
