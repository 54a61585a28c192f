import { InvalidEnvironmentError, parseEnv } from './env';

describe('parseEnv', () => {
  it('gives the documented defaults for an empty environment', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('.data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.APP_ORIGINS).toEqual(['http://localhost:3000']);
  });

  it('defaults APP_ORIGINS to the origin of the port the store serves on', () => {
    expect(parseEnv({ PORT: '8080' }).APP_ORIGINS).toEqual(['http://localhost:8080']);
    expect(parseEnv({ PORT: '8080', APP_ORIGINS: '' }).APP_ORIGINS).toEqual(['http://localhost:8080']);
    expect(parseEnv({ PORT: '8080', APP_ORIGINS: 'https://shop.example.com' }).APP_ORIGINS).toEqual(['https://shop.example.com']);
  });

  it('refuses an APP_ORIGINS of only commas', () => {
    expect(() => parseEnv({ APP_ORIGINS: ' , ' })).toThrow(/APP_ORIGINS must name at least one origin/);
  });

  it('names the variable and the problem for a bad port', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(InvalidEnvironmentError);
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('gives requests 10 s for their headers and 20 s for their body by default, and refuses no limit at all', () => {
    expect(parseEnv({})).toMatchObject({ REQUEST_HEADERS_TIMEOUT: 10, REQUEST_BODY_TIMEOUT: 20 });
    expect(parseEnv({ REQUEST_BODY_TIMEOUT: '120' }).REQUEST_BODY_TIMEOUT).toBe(120);
    expect(() => parseEnv({ REQUEST_HEADERS_TIMEOUT: '0' })).toThrow(/REQUEST_HEADERS_TIMEOUT/);
    expect(() => parseEnv({ REQUEST_BODY_TIMEOUT: 'never' })).toThrow(/REQUEST_BODY_TIMEOUT/);
  });

  it('refuses a database URL that is not PostgreSQL', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://root@localhost/test' })).toThrow(/DATABASE_URL must be a URL starting with postgres:/);
  });

  it('refuses an APP_ORIGINS entry with a path, and trims trailing slashes', () => {
    expect(() => parseEnv({ APP_ORIGINS: 'https://shop.example.com/login' })).toThrow(/APP_ORIGINS/);
    expect(parseEnv({ APP_ORIGINS: 'https://shop.example.com/, http://localhost:5173' }).APP_ORIGINS).toEqual([
      'https://shop.example.com',
      'http://localhost:5173',
    ]);
  });

  it('turns the projections off only when asked, and refuses other values', () => {
    expect(parseEnv({}).PROJECTIONS).toBe('on');
    expect(parseEnv({ PROJECTIONS: 'off' }).PROJECTIONS).toBe('off');
    expect(() => parseEnv({ PROJECTIONS: 'no' })).toThrow(/PROJECTIONS/);
  });

  it('treats an empty REDIS_URL as absent and refuses a short JWT secret', () => {
    expect(parseEnv({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(() => parseEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
  });
});

describe('PASSWORD_HASH_COST', () => {
  it('hashes at the OWASP cost unless asked, and allows the cheap test cost only under NODE_ENV=test', () => {
    expect(parseEnv({}).PASSWORD_HASH_COST).toBe('owasp');
    expect(parseEnv({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' }).PASSWORD_HASH_COST).toBe('test');
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(() => parseEnv({ NODE_ENV, PASSWORD_HASH_COST: 'test' })).toThrow(/PASSWORD_HASH_COST: PASSWORD_HASH_COST=test is allowed only with NODE_ENV=test/);
    }
    expect(() => parseEnv({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'cheap' })).toThrow(/PASSWORD_HASH_COST/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, and none/false/empty say the same', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    for (const value of ['none', 'false', '', ' NONE ']) expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count or a list of addresses, CIDR ranges and named ranges, as Express does', () => {
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8,192.168.1.7, fd00::/8, 172.16.0.0/255.240.0.0' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '172.16.0.0/255.240.0.0',
    ]);
  });

  it('refuses true (any client could choose its address), a zero hop count and anything that is not an address', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would believe/);
    expect(() => parseEnv({ TRUST_PROXY: '0' })).toThrow(/TRUST_PROXY as a hop count/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY has "10.0.0.0\/33"/);
    expect(() => parseEnv({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY has "proxy.example.com"/);
  });
});

describe('a production start (issue 28)', () => {
  const production = {
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    JWT_SECRET: 'j'.repeat(40),
    PERSONAL_DATA_KEY: 'p'.repeat(40),
    APP_ORIGINS: 'https://shop.example.com',
  };
  const problemsOf = (source: NodeJS.ProcessEnv): string[] => {
    try {
      parseEnv(source);
      return [];
    } catch (error) {
      return (error as InvalidEnvironmentError).problems;
    }
  };

  it('refuses to start on the development defaults, naming each setting it needs', () => {
    expect(problemsOf({ NODE_ENV: 'production' }).map((problem) => problem.split(':')[0])).toEqual(['SEED_DEMO', 'JWT_SECRET', 'PERSONAL_DATA_KEY', 'APP_ORIGINS']);
    expect(problemsOf({ NODE_ENV: 'production' })[0]).toMatch(/set SEED_DEMO=false in production/);
  });

  it('starts with the four settings, without the demo store, and keeps the origins it was given', () => {
    const env = parseEnv(production);
    expect(env.SEED_DEMO).toBe(false);
    expect(env.APP_ORIGINS).toEqual(['https://shop.example.com']);
  });

  it('refuses each missing one alone, the demo seed asked for, and one secret used for both', () => {
    for (const name of ['JWT_SECRET', 'PERSONAL_DATA_KEY', 'APP_ORIGINS'] as const) {
      expect(problemsOf({ ...production, [name]: '' }).map((problem) => problem.split(':')[0])).toEqual([name]);
    }
    expect(problemsOf({ ...production, SEED_DEMO: 'true' }).map((problem) => problem.split(':')[0])).toEqual(['SEED_DEMO']);
    expect(problemsOf({ ...production, PERSONAL_DATA_KEY: production.JWT_SECRET })).toEqual([expect.stringMatching(/^PERSONAL_DATA_KEY: must differ from JWT_SECRET/)]);
  });

  it('keeps npm start working with no configuration in development', () => {
    expect(parseEnv({}).SEED_DEMO).toBe(true);
    expect(parseEnv({ PORT: '4000' }).APP_ORIGINS).toEqual(['http://localhost:4000']);
  });
});
