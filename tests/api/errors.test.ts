import { describe, expect, it } from 'vitest';
import { call, failureFromError, parseRetryAfter, unwrap } from '../../src/api/errors';

const response = (status: number, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : '', { status, headers });

describe('unwrap', () => {
  it('passes 2xx data through', () => {
    expect(unwrap({ data: { id: 1 }, response: response(200) })).toEqual({
      ok: true,
      data: { id: 1 },
    });
  });

  it('reads the message only from a JSON object with a string message', () => {
    const failure = (error: unknown) => unwrap({ error, response: response(400) });
    expect(failure({ message: 'Enter valid PAN' })).toEqual({
      ok: false,
      failure: {
        kind: 'http',
        status: 400,
        message: 'Enter valid PAN',
        retryAfter: null,
        field: null,
      },
    });
    for (const error of [
      '<html>oops</html>',
      { message: 42 },
      { detail: 'x' },
      null,
      undefined,
      [1],
    ]) {
      expect(failure(error)).toMatchObject({ failure: { message: null } });
    }
  });

  it('reads the field a refusal is about (D243), only as a string', () => {
    const failure = (error: unknown) => unwrap({ error, response: response(400) });
    expect(
      failure({ message: 'Choose a due day', code: 'plans.dueDay', field: 'due_day' }),
    ).toMatchObject({
      failure: { field: 'due_day' },
    });
    expect(failure({ message: 'x', field: 3 })).toMatchObject({ failure: { field: null } });
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-15T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 15 Jan 2025 10:00:45 GMT', now)).toBe(45);
    expect(parseRetryAfter('Wed, 15 Jan 2025 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('failureFromError', () => {
  it('maps thrown values to kinds', () => {
    expect(failureFromError(new DOMException('late', 'TimeoutError'))).toEqual({ kind: 'timeout' });
    expect(failureFromError(new DOMException('stop', 'AbortError'))).toEqual({ kind: 'timeout' });
    expect(failureFromError(new SyntaxError('Unexpected token <'))).toEqual({ kind: 'parse' });
    expect(failureFromError(new TypeError('fetch failed'))).toEqual({ kind: 'network' });
    expect(failureFromError('weird')).toEqual({ kind: 'network' });
    expect(failureFromError(null)).toEqual({ kind: 'network' });
  });
});

describe('call', () => {
  it('never throws', async () => {
    await expect(call(Promise.reject(new TypeError('fetch failed')))).resolves.toEqual({
      ok: false,
      failure: { kind: 'network' },
    });
    await expect(call(Promise.resolve({ data: 1, response: response(201) }))).resolves.toEqual({
      ok: true,
      data: 1,
    });
  });
});
