/** An error answered as `{ "errorCode": code }` with an HTTP status, like the real gateway. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
  ) {
    super(errorCode);
  }
}

export const badRequest = (code: string) => new ApiError(400, code);
export const notFound = (code: string) => new ApiError(404, code);
/** A validation failure naming the field, e.g. `invalid.request.size`. */
export const invalidField = (field: string) => new ApiError(400, `invalid.request.${field}`);
