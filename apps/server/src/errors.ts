import { ERROR_STATUS, type ErrorCode, type FieldIssue } from '@colorplay/contract';

/** A failure with a stable code from the contract; the error plugin turns it into the API shape. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
    readonly headers?: Record<string, string>,
    /** Facts the client shows beside the message (ErrorResponse.error.details). */
    readonly publicDetails?: Record<string, string | number | null>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}
