// The error-or-result pair every call wrapper returns (spec 7), shared by the storefront's server side,
// its loaders and the browser. error is plain JSON so it survives serialisation.

export interface CallError {
  code: string;
  status: number;
  message: string;
  /** field errors and other structured details from the service (validation_failed: fields[]) */
  details?: unknown;
}

export type Result<T> = { data: T; error: null } | { data: null; error: CallError };
