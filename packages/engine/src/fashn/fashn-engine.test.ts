import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFashnEngine, type FashnSettings } from './fashn-engine.ts';

/** What the stand-in does for the next prediction; each follows FASHN's documented protocol. */
type Scenario =
  | 'completes'
  | 'completes-with-url'
  | 'pose-error'
  | 'face-error'
  | 'pipeline-error'
  | 'rate-limited-once'
  | 'out-of-credits'
  | 'server-error'
  | 'never-completes'
  | 'malformed-status'
  | 'not-an-image';

interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  body: { model_name?: string; inputs?: Record<string, unknown> } | null;
}

describe('FASHN engine against a stand-in of its API', () => {
  let server: Server;
  let baseUrl: string;
  let scenario: Scenario;
  let requests: Recorded[];
  let polls: number;
  let output: Buffer;
  let person: Buffer;
  let garment: Buffer;

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const read = async (req: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const text = await read(req);
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      body: text ? (JSON.parse(text) as Recorded['body']) : null,
    });
    if (req.url === '/cdn/result.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(output);
      return;
    }
    if (req.headers.authorization !== 'Bearer test-key') {
      json(res, 401, { error: 'UnauthorizedAccess', message: 'Unauthorized: Invalid token' });
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/run') {
      const runs = requests.filter((r) => r.url === '/v1/run').length;
      if (scenario === 'rate-limited-once' && runs === 1) {
        json(res, 429, { error: 'RateLimitExceeded', message: 'Too many requests' }, { 'retry-after': '0' });
      } else if (scenario === 'out-of-credits') {
        json(res, 429, { error: 'OutOfCredits', message: 'No API credits remaining' });
      } else if (scenario === 'server-error') {
        json(res, 500, { error: 'InternalServerError', message: 'boom' });
      } else {
        json(res, 200, { id: 'pred-1', error: null });
      }
      return;
    }
    if (req.method === 'GET' && req.url === '/v1/status/pred-1') {
      polls++;
      if (scenario === 'malformed-status') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"status": 42');
        return;
      }
      if (scenario === 'never-completes' || polls < 3) {
        json(res, 200, { id: 'pred-1', status: polls === 1 ? 'in_queue' : 'processing', error: null });
        return;
      }
      const failures: Partial<Record<Scenario, { name: string; message: string }>> = {
        'pose-error': { name: 'PoseError', message: 'Unable to detect body pose in model image' },
        'face-error': { name: 'PipelineError', message: 'No face detected in face reference' },
        'pipeline-error': { name: 'PipelineError', message: 'Unexpected error' },
      };
      const failure = failures[scenario];
      if (failure) {
        json(res, 200, { id: 'pred-1', status: 'failed', error: failure });
        return;
      }
      const result =
        scenario === 'completes-with-url'
          ? `${baseUrl}/cdn/result.jpg`
          : scenario === 'not-an-image'
            ? `data:image/jpeg;base64,${Buffer.from('not a picture').toString('base64')}`
            : `data:image/jpeg;base64,${output.toString('base64')}`;
      json(res, 200, { id: 'pred-1', status: 'completed', output: [result], error: null });
      return;
    }
    json(res, 404, { error: 'NotFound', message: 'No such route' });
  };

  const engine = (overrides: Partial<FashnSettings> = {}) =>
    createFashnEngine({ baseUrl, apiKey: 'test-key', pollIntervalMs: 5, timeoutMs: 5_000, ...overrides });

  beforeAll(async () => {
    server = createServer((req, res) => {
      void handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const picture = (colour: string, format: 'jpeg' | 'png') =>
      sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
        .toFormat(format)
        .toBuffer();
    [output, person, garment] = await Promise.all([
      picture('#336699', 'jpeg'),
      picture('#996633', 'jpeg'),
      picture('#cc0000', 'png'),
    ]);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    scenario = 'completes';
    requests = [];
    polls = 0;
  });

  it('submits a try-on, polls until completed and returns the image', async () => {
    const result = await engine().renderTryOn({ person, garment });
    expect(result).toMatchObject({ contentType: 'image/jpeg', width: 300, height: 400 });
    expect(result.bytes.equals(output)).toBe(true);
    const run = requests[0];
    expect(run).toMatchObject({ method: 'POST', url: '/v1/run', authorization: 'Bearer test-key' });
    expect(run?.body?.model_name).toBe('tryon-v1.6');
    expect(run?.body?.inputs).toMatchObject({ return_base64: true, output_format: 'jpeg' });
    expect(String(run?.body?.inputs?.model_image)).toMatch(/^data:image\/jpeg;base64,/);
    expect(String(run?.body?.inputs?.garment_image)).toMatch(/^data:image\/png;base64,/);
    expect(requests.filter((r) => r.url === '/v1/status/pred-1')).toHaveLength(3);
  });

  it('downloads an output given as a URL', async () => {
    scenario = 'completes-with-url';
    const result = await engine().renderTryOn({ person, garment });
    expect(result.bytes.equals(output)).toBe(true);
  });

  it('sends the garment as product_image to tryon-max', async () => {
    await engine({ modelName: 'tryon-max' }).renderTryOn({ person, garment });
    expect(requests[0]?.body?.model_name).toBe('tryon-max');
    expect(requests[0]?.body?.inputs).toHaveProperty('product_image');
    expect(requests[0]?.body?.inputs).not.toHaveProperty('garment_image');
  });

  it('renders a look with model swap and the face as reference', async () => {
    await engine().renderLook({ face: person, model: garment });
    expect(requests[0]?.body?.model_name).toBe('model-swap');
    expect(requests[0]?.body?.inputs).toMatchObject({ face_reference_mode: 'match_base' });
    expect(String(requests[0]?.body?.inputs?.face_reference)).toMatch(/^data:image\/jpeg;base64,/);
    expect(String(requests[0]?.body?.inputs?.model_image)).toMatch(/^data:image\/png;base64,/);
  });

  it.each([
    ['pose-error', 'tryon', { code: 'NO_PERSON', retryable: false }],
    ['face-error', 'look', { code: 'NO_FACE', retryable: false }],
    ['pipeline-error', 'tryon', { code: 'RENDER_FAILED', retryable: true }],
    ['out-of-credits', 'tryon', { code: 'ENGINE_UNAVAILABLE', retryable: false }],
    ['server-error', 'tryon', { code: 'ENGINE_UNAVAILABLE', retryable: true }],
    ['malformed-status', 'tryon', { code: 'RENDER_FAILED', retryable: true }],
    ['not-an-image', 'tryon', { code: 'RENDER_FAILED' }],
  ] as const)('maps %s (%s) to our error', async (name, task, expected) => {
    scenario = name;
    const e = engine();
    const render =
      task === 'tryon' ? e.renderTryOn({ person, garment }) : e.renderLook({ face: person, model: garment });
    await expect(render).rejects.toMatchObject(expected);
  });

  it('waits out a 429 and then goes on', async () => {
    scenario = 'rate-limited-once';
    await expect(engine().renderTryOn({ person, garment })).resolves.toMatchObject({ width: 300 });
    expect(requests.filter((r) => r.url === '/v1/run')).toHaveLength(2);
  });

  it('gives RENDER_TIMEOUT when the prediction never completes', async () => {
    scenario = 'never-completes';
    await expect(engine({ timeoutMs: 200 }).renderTryOn({ person, garment })).rejects.toMatchObject({
      code: 'RENDER_TIMEOUT',
      retryable: true,
    });
  });

  it('stops polling when the caller aborts', async () => {
    scenario = 'never-completes';
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(
      engine().renderTryOn({ person, garment }, { signal: controller.signal }),
    ).rejects.toMatchObject({
      code: 'RENDER_FAILED',
    });
    // A poll already on the wire when the signal fired may still reach the server: let it land, then no
    // poll may follow (at a 5 ms interval a running loop would add about 40 in the next 200 ms).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const pollsAtAbort = polls;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(polls).toBe(pollsAtAbort);
    await expect(
      engine().renderTryOn({ person, garment }, { signal: AbortSignal.timeout(30) }),
    ).rejects.toMatchObject({ code: 'RENDER_TIMEOUT' });
  });

  it('says ENGINE_UNAVAILABLE for a wrong key and for an unreachable API', async () => {
    await expect(engine({ apiKey: 'wrong' }).renderTryOn({ person, garment })).rejects.toMatchObject({
      code: 'ENGINE_UNAVAILABLE',
      retryable: false,
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      engine({ baseUrl: `http://127.0.0.1:${port}` }).renderTryOn({ person, garment }),
    ).rejects.toMatchObject({ code: 'ENGINE_UNAVAILABLE', retryable: true });
  });
});
