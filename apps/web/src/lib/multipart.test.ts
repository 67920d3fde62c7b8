import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { multipartBody, saveMultipart, sendMultipart } from './multipart';

vi.mock('./api-client', () => ({ api: { upload: vi.fn().mockResolvedValue({ id: 'b1' }) } }));

const file = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('multipart body', () => {
  it('writes text, numbers and booleans as text, files under their name in order, and leaves out empty parts', () => {
    const logo = file('logo.png');
    const body = multipartBody({ name: 'Warmzone', description: '', passingScore: 80, active: false, parentId: null, image: undefined, logo, images: [file('a.png'), file('b.png')] });
    expect(body.get('name')).toBe('Warmzone');
    expect(body.get('description')).toBe('');
    expect(body.get('passingScore')).toBe('80');
    expect(body.get('active')).toBe('false');
    expect(body.has('parentId')).toBe(false);
    expect(body.has('image')).toBe(false);
    expect((body.get('logo') as File).name).toBe('logo.png');
    expect(body.getAll('images').map((f) => (f as File).name)).toEqual(['a.png', 'b.png']);
  });
});

describe('sending a multipart form', () => {
  beforeEach(() => vi.mocked(api.upload).mockClear());

  it('creates with POST when there is no id, with the progress callback passed on', async () => {
    const onProgress = vi.fn();
    await expect(saveMultipart('/api/v1/brands', undefined, { name: 'Warmzone' }, { onProgress })).resolves.toEqual({ id: 'b1' });
    const [method, path, body, options] = vi.mocked(api.upload).mock.calls[0]!;
    expect([method, path]).toEqual(['POST', '/api/v1/brands']);
    expect(body.get('name')).toBe('Warmzone');
    expect(options?.onProgress).toBe(onProgress);
  });

  it('replaces with PUT at the encoded id', async () => {
    await saveMultipart('/api/v1/brands', 'a b', { name: 'Warmzone' });
    expect(vi.mocked(api.upload).mock.calls[0]!.slice(0, 2)).toEqual(['PUT', '/api/v1/brands/a%20b']);
  });

  it('sends to the path and method given', async () => {
    await sendMultipart('POST', '/api/v1/docs', { name: 'Guide', file: new File(['%PDF'], 'guide.pdf', { type: 'application/pdf' }) });
    const [method, path, body] = vi.mocked(api.upload).mock.calls[0]!;
    expect([method, path]).toEqual(['POST', '/api/v1/docs']);
    expect((body.get('file') as File).name).toBe('guide.pdf');
  });
});
