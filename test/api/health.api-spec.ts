import { startTestServer, useTestServer } from '../support/test-server';

describe('GET /api/health', () => {
  const server = useTestServer({ env: { SEED_DEMO: 'false' } });

  /** A raw JSON body posted to /api/health (which takes no body): what the body parser makes of it. */
  const postBody = (body: string) => fetch(`${server.baseUrl}/api/health`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  /** A refusal in the error shape every API answer shares. */
  async function expectRefusal(response: Response, status: number, message: string) {
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ success: false, code: expect.any(String), message });
  }

  it('reports the database up and the queue mode', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ok', database: { status: 'up' }, queue: { status: 'up', mode: 'in-process' } });
  });

  it('answers an unknown API path with a JSON 404, not the storefront page', async () => {
    await expectRefusal(await fetch(`${server.baseUrl}/api/no-such-call`), 404, 'Not found.');
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    await expectRefusal(await postBody('{"broken":'), 400, 'The request body is not valid JSON.');
  });

  it('answers a broken percent-escape in the path with a 400 that does not echo the input', async () => {
    await expectRefusal(await fetch(`${server.baseUrl}/api/public/verify/%E0%A4%A<script>/01711111111`), 400, 'The request could not be understood.');
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await postBody(JSON.stringify({ filler: 'x'.repeat(200_000) }));
    expect(response.status).toBe(413);
  });

  it('reports the queue down when REDIS_URL points nowhere, without the failure\'s detail, probe after probe', async () => {
    const other = await startTestServer({ env: { SEED_DEMO: 'false', REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      for (let probe = 0; probe < 12; probe++) {
        const response = await fetch(`${other.baseUrl}/api/health`);
        expect(response.status).toBe(503);
        const body = await response.json();
        expect(body).toMatchObject({ status: 'degraded', queue: { status: 'down', mode: 'redis' } });
        // The answer is public: why it is down (addresses, driver messages) is for the log only.
        expect(body.queue).toEqual({ status: 'down', mode: 'redis' });
        expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|redis:\/\//);
      }
    } finally {
      await other.stop();
    }
  });
});
