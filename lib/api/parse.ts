// The boundary: reply text to checked values. A reply that is not JSON, or lacks what the request
// cannot do without, becomes an ApiError with errorCode `client.malformed-response`; never a crash.

import * as v from 'valibot';
import { ApiError, MALFORMED_RESPONSE } from './errors';

export interface ReplyContext {
  label: string;
  status?: number | undefined;
  requestId?: string | undefined;
}

/** Removes `//` and `/* *\/` comments outside strings (some captured replies carry them). */
function stripComments(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else {
      out += c;
    }
  }
  return out;
}

export function malformed(ctx: ReplyContext, what: string): ApiError {
  return new ApiError(`Malformed response to ${ctx.label}: ${what}`, {
    errorCode: MALFORMED_RESPONSE,
    status: ctx.status,
    requestId: ctx.requestId,
    label: ctx.label,
  });
}

/** Text to JSON value; an empty body is null. Tolerates a UTF-8 BOM and comments. */
export function decodeJson(text: string, ctx: ReplyContext): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return null;
  try {
    return JSON.parse(body);
  } catch {
    try {
      return JSON.parse(stripComments(body));
    } catch {
      throw malformed(ctx, 'the body is not JSON');
    }
  }
}

export function check<S extends v.GenericSchema>(schema: S, value: unknown, ctx: ReplyContext): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const where = issue ? v.getDotPath(issue) : null;
  throw malformed(ctx, where ? `unexpected value at ${where}` : 'unexpected shape');
}
