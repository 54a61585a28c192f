import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable';

/** A pg DatabaseError as the driver raises it: a message and a SQLSTATE code. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
const socketError = (code: string, message: string) => Object.assign(new Error(message), { code, syscall: 'connect' });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a fast shutdown (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
    ['a server starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['too many connections (53300)', pgError('53300', 'sorry, too many clients already')],
    ['a connection exception (class 08)', pgError('08006', 'connection failure')],
    ['a refused connection', socketError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a connection cut by the server', new Error('Connection terminated unexpectedly')],
    ['no connection from the pool in time', new Error('timeout exceeded when trying to connect')],
    ['a statement on a released query runner', new Error('Query runner already released. Cannot run queries anymore.')],
    [
      'a statement through the data source on a released query runner',
      new Error('Database connection provided by a query runner was already released, cannot continue to use its querying methods anymore.'),
    ],
  ])('says yes to %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('looks inside TypeORM query errors and AggregateErrors', () => {
    const refused = new AggregateError([socketError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432'), socketError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')], '');
    const wrapped = new QueryFailedError('SELECT 1', [], pgError('57P01', 'terminating connection due to administrator command'));
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new Error('request failed', { cause: new Error('Connection terminated') }))).toBe(true);
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], pgError('23505', 'duplicate key value violates unique constraint'))],
    ['a syntax error', pgError('42601', 'syntax error at or near "SELEC"')],
    ['a serialization failure', pgError('40001', 'could not serialize access')],
    ['a protocol violation (08P01): a bug in the request, not an outage', pgError('08P01', 'bind message has 70000 parameter formats but 0 parameters')],
    ['an ordinary error', new Error('Something else')],
    ['not an error at all', 'ECONNREFUSED'],
  ])('says no to %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
