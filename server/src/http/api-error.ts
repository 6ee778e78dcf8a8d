/** An error answered as DRF does: `{detail, code}` with the given status (docs/http.md#error-bodies). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly code: string,
  ) {
    super(detail);
  }
}

export const notAuthenticated = (): ApiError =>
  new ApiError(401, 'Authentication credentials were not provided.', 'not_authenticated');

export const permissionDenied = (): ApiError =>
  new ApiError(403, 'You do not have permission to perform this action.', 'permission_denied');

export const csrfFailed = (): ApiError =>
  new ApiError(403, 'CSRF Failed: CSRF token missing or incorrect.', 'csrf_failed');

export const notFound = (): ApiError => new ApiError(404, 'Not found.', 'not_found');

/**
 * An answer with a body of its own shape, for the contract's non-`{detail, code}` errors: 400 field
 * errors `{field: [..]}`, bulk error arrays, `{"error": "…"}`, or an empty 400 (refused bulk delete).
 */
export class ResponseError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${statusCode}`);
  }
}
